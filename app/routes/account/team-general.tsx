import { TeamChrome } from "../../features/teams/team-chrome";
import { TeamFrame } from "../../features/teams/team-frame";
import { TeamGeneral } from "../../features/teams/team-general";

export const handle = { i18n: ["dashboard", "teams"] };

export default function TeamGeneralRoute() {
  return (
    <TeamChrome>{(ctx) => <TeamFrame ctx={ctx}>{(team, reload) => <TeamGeneral team={team} reload={reload} />}</TeamFrame>}</TeamChrome>
  );
}

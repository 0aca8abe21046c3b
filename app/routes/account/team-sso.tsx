import { TeamChrome } from "../../features/teams/team-chrome";
import { TeamFrame } from "../../features/teams/team-frame";
import { TeamSsoPage } from "../../features/teams/team-sso";

export const handle = { i18n: ["dashboard", "teams"] };

export default function TeamSsoRoute() {
  return <TeamChrome>{(ctx) => <TeamFrame ctx={ctx}>{(team) => <TeamSsoPage team={team} />}</TeamFrame>}</TeamChrome>;
}

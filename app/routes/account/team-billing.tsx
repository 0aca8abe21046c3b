import { TeamBillingPage } from "../../features/teams/team-billing";
import { TeamChrome } from "../../features/teams/team-chrome";
import { TeamFrame } from "../../features/teams/team-frame";

export const handle = { i18n: ["dashboard", "teams"] };

export default function TeamBillingRoute() {
  return <TeamChrome>{(ctx) => <TeamFrame ctx={ctx}>{(team) => <TeamBillingPage team={team} />}</TeamFrame>}</TeamChrome>;
}

import { TeamChrome } from "../../features/teams/team-chrome";
import { TeamFrame } from "../../features/teams/team-frame";
import { TeamSsoTestPage } from "../../features/teams/team-sso-test";

export const handle = { i18n: ["dashboard", "teams"] };

export default function TeamSsoTestRoute() {
  return <TeamChrome>{(ctx) => <TeamFrame ctx={ctx}>{(team) => <TeamSsoTestPage team={team} />}</TeamFrame>}</TeamChrome>;
}

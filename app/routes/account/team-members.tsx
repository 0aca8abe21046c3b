import { TeamChrome } from "../../features/teams/team-chrome";
import { TeamFrame } from "../../features/teams/team-frame";
import { TeamMembers } from "../../features/teams/team-members";

export const handle = { i18n: ["dashboard", "teams"] };

export default function TeamMembersRoute() {
  return (
    <TeamChrome>
      {(ctx) => <TeamFrame ctx={ctx}>{(team) => <TeamMembers team={team} userId={ctx.session.user.id} />}</TeamFrame>}
    </TeamChrome>
  );
}

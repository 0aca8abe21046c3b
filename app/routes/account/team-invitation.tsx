import { TeamInvitation } from "../../features/teams/team-invitation";

export const handle = { i18n: ["auth", "teams"] };

export default function TeamInvitationRoute() {
  return <TeamInvitation />;
}

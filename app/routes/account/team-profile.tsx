import { DashboardFooter, DashboardHeader } from "../../features/dashboard/dashboard-chrome";
import { TeamProfile } from "../../features/teams/team-profile";
import { RequireSession } from "../../identity/require-session";

export const handle = { i18n: ["dashboard", "account"] };

export default function TeamProfileRoute() {
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <RequireSession>
        {(session) => (
          <div className="flex min-h-screen flex-col bg-slate-50">
            <DashboardHeader />
            <TeamProfile userId={session.user.id} />
            <DashboardFooter />
          </div>
        )}
      </RequireSession>
    </>
  );
}

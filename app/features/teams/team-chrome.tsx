import type { ReactNode } from "react";
import type { SubscriptionView, TeamView } from "../../../core/api";
import type { Session } from "../../identity/client";
import { RequireSession } from "../../identity/require-session";
import { DashboardFooter, DashboardHeader } from "../area/dashboard-chrome";
import { useSubscription } from "../area/use-subscription";
import { UserMenu } from "../user-menu/user-menu";
import { useActiveTeam } from "./use-active-team";

export interface TeamPageContext {
  session: Session;
  subscription: SubscriptionView | null;
  activeTeam: TeamView | null;
}

function Chrome({ session, children }: { session: Session; children: (ctx: TeamPageContext) => ReactNode }) {
  const { view } = useSubscription(false);
  const activeTeam = useActiveTeam(session);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <DashboardHeader>
        <UserMenu session={session} isPro={view?.isPro ?? false} activeTeam={activeTeam?.name ?? null} activeTeamLogo={activeTeam?.logo} />
      </DashboardHeader>
      {children({ session, subscription: view, activeTeam })}
      <DashboardFooter />
    </div>
  );
}

/** The account area's frame around a team page: signed in only, the dashboard's header with the user menu, and its footer. */
export function TeamChrome({ children }: { children: (ctx: TeamPageContext) => ReactNode }) {
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <RequireSession>{(session) => <Chrome session={session}>{children}</Chrome>}</RequireSession>
    </>
  );
}

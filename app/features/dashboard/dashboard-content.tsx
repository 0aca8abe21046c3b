import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { LocalizedLink } from "../../i18n";
import type { Session } from "../../identity/client";
import { Spinner } from "../../ui";
import { withBreakables } from "../../ui/breakable";
import { DashboardFooter, DashboardHeader } from "../area/dashboard-chrome";
import { useSubscription } from "../area/use-subscription";
import { ExtensionCard } from "../connected-apps/extension-card";
import { TeamCards } from "../teams/team-cards";
import { useActiveTeam } from "../teams/use-active-team";
import { UserMenu } from "../user-menu/user-menu";
import { Banners } from "./banners";
import { DashboardNotice } from "./dashboard-notice";

/** First name, then full name, then e-mail, then 'User'. */
function greetingName(user: Session["user"], fallback: string) {
  const first = (user as { firstName?: string | null }).firstName?.trim();
  return first || user.name?.trim() || user.email || fallback;
}

/** The signed-in dashboard: greeting, the extension (connected, or its download), subscription banners and the team lists. */
export function DashboardContent({ session }: { session: Session }) {
  const { t } = useTranslation("dashboard");
  const [params] = useSearchParams();
  const checkedOut = params.get("checkout") === "success";
  const { view, activating } = useSubscription(checkedOut);
  const { user } = session;
  const activeTeam = useActiveTeam(session);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <DashboardHeader>
        <UserMenu session={session} isPro={view?.isPro ?? false} activeTeam={activeTeam?.name ?? null} activeTeamLogo={activeTeam?.logo} />
      </DashboardHeader>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 space-y-6 px-4 py-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <h1 className="text-3xl font-bold text-slate-900">
              {withBreakables((v) => t("welcome", v), { name: greetingName(user, t("welcomeFallback")) })}
            </h1>
            <p className="mt-1 text-slate-600">{t("intro")}</p>
            <p className="mt-1 text-slate-800">
              <span>{activeTeam ? withBreakables((v) => t("activeTeam", v), { name: activeTeam.name }) : t("personalActive")}</span>{" "}
              <LocalizedLink to="/teams" className="font-medium text-blue-800 underline underline-offset-4">
                {t("switchTeam")}
              </LocalizedLink>
            </p>
            <p className="mt-1 text-sm text-slate-600">{withBreakables((v) => t("signedInAs", v), { email: user.email })}</p>
          </div>
          <ExtensionCard />
        </div>
        <DashboardNotice />
        {activating && (
          <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4">
            <Spinner label={t("activating")} />
            <p aria-hidden="true" className="text-sm text-slate-700">
              {t("activating")}
            </p>
          </div>
        )}
        {!view && !activating && <Spinner />}
        {view && !activating && <Banners view={view} user={user} trialJustStarted={checkedOut} />}
        {view && <TeamCards isPro={view.isPro} />}
      </main>
      <DashboardFooter />
    </div>
  );
}

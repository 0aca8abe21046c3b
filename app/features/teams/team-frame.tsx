import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useParams } from "react-router";
import type { TeamView } from "../../../core/api";
import { roleCan } from "../../../core/teams";
import { fetchTeam } from "../../api/teams";
import { LocalizedLink, useLanguage } from "../../i18n";
import { Spinner } from "../../ui";
import { Breakable } from "../../ui/breakable";
import { TeamLogo } from "../../ui/team-logo";
import type { TeamPageContext } from "./team-chrome";
import { TeamNoticeBanner, useTeamNotice } from "./team-notice";
import { switchTeam } from "./use-active-team";

/**
 * A team's pages: the team's name, the tabs the caller's role may open, and the page itself. Opening
 * a team makes it the active one.
 */
export function TeamFrame({
  ctx,
  children,
}: {
  ctx: TeamPageContext;
  children: (team: TeamView, reload: () => Promise<void>) => ReactNode;
}) {
  const { t } = useTranslation("teams");
  const lang = useLanguage();
  const { teamId = "" } = useParams();
  const [team, setTeam] = useState<TeamView | null | undefined>(undefined);
  // An invitation just accepted: the team's page welcomes the new member.
  const [notice] = useTeamNotice();
  const activeId = (ctx.session.session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null;

  const load = useCallback(async () => {
    setTeam(await fetchTeam(teamId).catch(() => null));
  }, [teamId]);
  useEffect(() => {
    void load();
  }, [load]);
  // Once per opened team: after leaving or deleting it, the session no longer names it.
  const switched = useRef<string | null>(null);
  useEffect(() => {
    if (!team || switched.current === team.id) return;
    switched.current = team.id;
    if (activeId !== team.id) void switchTeam(team.id);
  }, [team, activeId]);

  const tab = ({ isActive }: { isActive: boolean }) =>
    `-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${isActive ? "border-blue-700 text-blue-800" : "border-transparent text-slate-700 hover:text-slate-900"}`;
  return (
    <main id="main" className="mx-auto w-full max-w-4xl flex-1 space-y-6 px-4 py-8">
      <LocalizedLink to="/teams" className="text-sm font-medium text-blue-800 underline-offset-4 hover:underline">
        ← {t("frame.back")}
      </LocalizedLink>
      {team === undefined && <Spinner />}
      {team === null && (
        <>
          <h1 className="text-2xl font-bold text-slate-900">{t("frame.notFoundTitle")}</h1>
          <p role="alert">{t("errors.notFound")}</p>
        </>
      )}
      {team && (
        <>
          <title>{`${team.name} | Recruiting CRM`}</title>
          <div className="flex min-w-0 items-center gap-4">
            {team.logo && <TeamLogo name={team.name} logo={team.logo} size="md" />}
            <div className="min-w-0">
              <h1 className="text-3xl font-bold text-slate-900">
                <Breakable text={team.name} />
              </h1>
              <p className="mt-1 text-sm text-slate-600">{t("frame.yourRole", { role: t(`roles.${team.role}`) })}</p>
            </div>
          </div>
          <TeamNoticeBanner notice={notice} />
          <nav aria-label={t("frame.tabs")} className="flex gap-1 overflow-x-auto border-b border-slate-200">
            <NavLink end to={`/${lang}/teams/${team.id}`} className={tab}>
              {t("frame.general")}
            </NavLink>
            {roleCan(team.role, { roster: ["read"] }) && (
              <NavLink to={`/${lang}/teams/${team.id}/members`} className={tab}>
                {t("frame.members")}
              </NavLink>
            )}
            {roleCan(team.role, { roster: ["read"] }) && (
              <NavLink to={`/${lang}/teams/${team.id}/billing`} className={tab}>
                {t("frame.billing")}
              </NavLink>
            )}
            {roleCan(team.role, { roster: ["read"] }) && (
              <NavLink to={`/${lang}/teams/${team.id}/sso`} className={tab}>
                {t("frame.sso")}
              </NavLink>
            )}
            {roleCan(team.role, { organization: ["update"] }) && (
              <NavLink to={`/${lang}/teams/${team.id}/api-keys`} className={tab}>
                {t("frame.apiKeys")}
              </NavLink>
            )}
          </nav>
          {children(team, load)}
        </>
      )}
    </main>
  );
}

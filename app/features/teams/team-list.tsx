import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TeamPage } from "../../../core/api";
import { primaryRole } from "../../../core/teams";
import { fetchTeams } from "../../api/teams";
import { LocalizedLink } from "../../i18n";
import { Button, buttonClass, Spinner } from "../../ui";
import { Breakable, withBreakables } from "../../ui/breakable";
import { Pager, pageCount } from "../../ui/pager";
import { TeamLogo } from "../../ui/team-logo";
import { CreateTeamDialog } from "./create-team-dialog";
import type { TeamPageContext } from "./team-chrome";
import { TeamNoticeBanner, useTeamNotice } from "./team-notice";
import { TeamSuggestions } from "./team-suggestions";
import { switchTeam } from "./use-active-team";

const card = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";
const activeBadge = "rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900";

/** /teams: the personal account and every team of the user, the switcher between them, and team creation for pro users. */
export function TeamList({ session, subscription, activeTeam }: TeamPageContext) {
  const { t } = useTranslation("teams");
  const [page, setPage] = useState(1);
  const [data, setData] = useState<TeamPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [creating, setCreating] = useState(false);
  const [switchFailed, setSwitchFailed] = useState(false);
  // A team created here, or deleted or left on its page: said above the list.
  const [notice, setNotice] = useTeamNotice();
  const activeId = (session.session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null;

  const load = useCallback(async () => {
    try {
      setData(await fetchTeams("all", page));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [page]);
  useEffect(() => {
    void load();
  }, [load]);

  async function switchTo(id: string | null) {
    setSwitchFailed(!(await switchTeam(id)));
  }

  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const { user } = session;
  return (
    <main id="main" className="mx-auto w-full max-w-4xl flex-1 space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold text-slate-900">{t("list.title")}</h1>
          <p className="mt-1 text-slate-600">{t("list.activeExplained")}</p>
          <p className="mt-1 font-medium text-slate-800" aria-live="polite">
            {activeTeam ? withBreakables((v) => t("list.activeNow", v), { name: activeTeam.name }) : t("list.personalNow")}
          </p>
        </div>
        {subscription?.isPro ? (
          <Button variant="strong" size="lg" onClick={() => setCreating(true)}>
            {t("list.create")}
          </Button>
        ) : (
          subscription && <p className="text-sm font-medium text-slate-800">{t("list.proOnly")}</p>
        )}
      </div>
      <TeamNoticeBanner notice={notice} />
      {switchFailed && (
        <p role="alert" className="text-sm text-red-800">
          {t("list.switchFailed")}
        </p>
      )}

      <section aria-labelledby="personal-title" className={card}>
        <h2 id="personal-title" className="text-lg font-semibold text-slate-900">
          {t("list.personal")}
        </h2>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">
              <Breakable text={user.name || user.email} />
            </p>
            <p className="text-sm text-slate-600">
              <Breakable text={user.email} />
            </p>
          </div>
          {activeId ? (
            <Button variant="outline" size="xs" onClick={() => switchTo(null)}>
              {t("list.switchPersonal")}
            </Button>
          ) : (
            <span className={activeBadge}>{t("list.active")}</span>
          )}
        </div>
      </section>

      <section aria-labelledby="teams-title" className={card}>
        <h2 id="teams-title" className="text-lg font-semibold text-slate-900">
          {t("list.yourTeams")}
        </h2>
        {failed && (
          <p role="alert" className="mt-4 text-sm text-red-800">
            {t("list.loadError")}
          </p>
        )}
        {!data && !failed && <Spinner />}
        {data && data.total === 0 && <p className="mt-4 text-sm text-slate-600">{t("list.empty")}</p>}
        {data && data.items.length > 0 && (
          <ul className="mt-2 divide-y divide-slate-100">
            {data.items.map((team) => {
              const active = team.id === activeId;
              return (
                <li key={team.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="flex min-w-0 items-center gap-3">
                    <TeamLogo name={team.name} logo={team.logo} />
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">
                        <Breakable text={team.name} />
                      </p>
                      <p className="text-xs text-slate-600">{t(`roles.${primaryRole(team.role)}`)}</p>
                    </div>
                  </div>
                  <div className="flex items-center gap-2">
                    {active ? (
                      <span className={activeBadge}>{t("list.active")}</span>
                    ) : (
                      <Button
                        variant="outline"
                        size="xs"
                        onClick={() => switchTo(team.id)}
                        aria-label={t("list.switchTo", { name: team.name })}
                      >
                        {t("list.switch")}
                      </Button>
                    )}
                    <LocalizedLink
                      to={`/teams/${team.id}`}
                      className={buttonClass({ variant: "secondary", size: "xs" })}
                      aria-label={t("list.open", { name: team.name })}
                    >
                      {t("list.openShort")}
                    </LocalizedLink>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <Pager
          page={page}
          pages={pages}
          onPage={setPage}
          label={t("list.yourTeams")}
          status={t("list.page", { page, pages })}
          previous={t("list.previous")}
          next={t("list.next")}
        />
      </section>
      <TeamSuggestions onJoined={() => void load()} />
      {creating && (
        <CreateTeamDialog
          onClose={() => setCreating(false)}
          onCreated={(team) => {
            setCreating(false);
            setNotice({ kind: "created", name: team.name });
            void load();
          }}
        />
      )}
    </main>
  );
}

import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { CreatedTeam, TeamPage } from "../../../core/api";
import { fetchTeams } from "../../api/teams";
import { useLanguage } from "../../i18n";
import { Button, Icon } from "../../ui";
import { eye, settings } from "../../ui/icons/account";
import { Pager, pageCount } from "../../ui/pager";
import { TeamLogo } from "../../ui/team-logo";
import { CreateTeamDialog } from "./create-team-dialog";
import { switchTeam } from "./use-active-team";

function useTeams(kind: "admin" | "member") {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<TeamPage | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    try {
      setData(await fetchTeams(kind, page));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [kind, page]);
  useEffect(() => {
    void load();
  }, [load]);
  // The list is oldest first, so a team just created is on the last page: open that one.
  const showNewest = async () => {
    try {
      const first = await fetchTeams(kind, 1);
      const last = Math.max(1, Math.ceil(first.total / first.pageSize));
      if (last === page) await load();
      else setPage(last);
    } catch {
      setFailed(true);
    }
  };
  return { data, failed, page, setPage, showNewest };
}

// The pager keeps the list's plain text look rather than an action button's.
function TeamList(props: {
  kind: "admin" | "member";
  title: string;
  empty: React.ReactNode;
  headerAction?: React.ReactNode;
  teams: ReturnType<typeof useTeams>;
  /** A team just created: marked in the list and announced. */
  created?: CreatedTeam | null;
}) {
  const { t } = useTranslation("dashboard");
  const lang = useLanguage();
  const navigate = useNavigate();
  const { data, failed, page, setPage } = props.teams;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const headingId = `teams-${props.kind}`;

  async function open(id: string) {
    // Manage and View make the team the active one before opening its profile.
    await switchTeam(id);
    navigate(`/${lang}/teams/${id}`);
  }

  return (
    // min-w-0: a grid item is otherwise as wide as its longest unbroken team name.
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {props.title}
        </h2>
        {props.headerAction}
      </div>
      {/* Present from the start so the confirmation is announced when its text arrives. */}
      {props.created !== undefined && (
        <p role="status" className={props.created ? "mt-3 text-sm font-medium text-emerald-800" : "sr-only"}>
          {props.created ? t("teams.created", { name: props.created.name }) : ""}
        </p>
      )}
      {failed && (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {t("teams.loadError")}
        </p>
      )}
      {data && data.total === 0 && <div className="mt-4 text-sm text-slate-600">{props.empty}</div>}
      {data && data.items.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-100">
          {data.items.map((team) => (
            <li
              key={team.id}
              className={`flex items-center justify-between gap-3 py-3 ${team.id === props.created?.id ? "-mx-2 rounded-lg bg-emerald-50 px-2" : ""}`}
            >
              <div className="flex min-w-0 items-center gap-3">
                <TeamLogo name={team.name} logo={team.logo} />
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900" title={team.name}>
                    {team.name}
                  </p>
                  <p className="text-xs text-slate-600">{props.kind === "admin" ? t("teams.roleAdmin") : t("teams.roleMember")}</p>
                </div>
              </div>
              <Button
                variant="quiet"
                size="icon"
                onClick={() => open(team.id)}
                aria-label={props.kind === "admin" ? t("teams.manage", { name: team.name }) : t("teams.view", { name: team.name })}
                title={props.kind === "admin" ? t("teams.manage", { name: team.name }) : t("teams.view", { name: team.name })}
              >
                <Icon icon={props.kind === "admin" ? settings : eye} className="size-5" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pages={pages}
        onPage={setPage}
        label={props.title}
        status={t("teams.page", { page, pages })}
        previous={t("teams.previous")}
        next={t("teams.next")}
        className="mt-auto pt-4"
      />
    </section>
  );
}

/** 'Your Teams' (admin) and 'Invited Teams' (member), 5 per page, with team creation for pro users. */
export function TeamCards({ isPro }: { isPro: boolean }) {
  const { t } = useTranslation("dashboard");
  const yours = useTeams("admin");
  const invited = useTeams("member");
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedTeam | null>(null);
  const createButton = (label: string, primary: boolean) => (
    <Button variant={primary ? "strong" : "outline"} size="xs" onClick={() => setCreating(true)}>
      {label}
    </Button>
  );
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <TeamList
        kind="admin"
        title={t("teams.yours")}
        teams={yours}
        created={created}
        headerAction={isPro ? createButton(t("teams.createNew"), false) : undefined}
        empty={
          isPro ? (
            <div className="space-y-3">
              <p>{t("teams.emptyYours")}</p>
              {createButton(t("teams.createTeam"), true)}
            </div>
          ) : (
            <div className="space-y-1">
              <p>{t("teams.emptyYours")}</p>
              <p className="font-medium text-slate-800">{t("teams.upgrade")}</p>
            </div>
          )
        }
      />
      <TeamList kind="member" title={t("teams.invited")} teams={invited} empty={<p>{t("teams.emptyInvited")}</p>} />
      {creating && (
        <CreateTeamDialog
          onClose={() => setCreating(false)}
          onCreated={(team) => {
            setCreating(false);
            setCreated(team);
            void yours.showNewest();
          }}
        />
      )}
    </div>
  );
}

import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { TeamPage } from "../../../core/api";
import { fetchTeams } from "../../api/teams";
import { useLanguage } from "../../i18n/use-language";
import { authClient } from "../../identity/client";
import { CreateTeamDialog } from "./create-team-dialog";

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
  return { data, failed, page, setPage, reload: load };
}

const ManageIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
  </svg>
);

const ViewIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </svg>
);

function TeamList(props: {
  kind: "admin" | "member";
  title: string;
  empty: React.ReactNode;
  headerAction?: React.ReactNode;
  teams: ReturnType<typeof useTeams>;
}) {
  const { t } = useTranslation("dashboard");
  const lang = useLanguage();
  const navigate = useNavigate();
  const { data, failed, page, setPage } = props.teams;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const headingId = `teams-${props.kind}`;

  async function open(id: string) {
    // Manage makes the team the active one before opening its profile.
    if (props.kind === "admin") await authClient.organization.setActive({ organizationId: id });
    navigate(`/${lang}/teams/${id}`);
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {props.title}
        </h2>
        {props.headerAction}
      </div>
      {failed && (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {t("teams.loadError")}
        </p>
      )}
      {data && data.total === 0 && <div className="mt-4 text-sm text-slate-600">{props.empty}</div>}
      {data && data.items.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-100">
          {data.items.map((team) => (
            <li key={team.id} className="flex items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 items-center gap-3">
                <span
                  aria-hidden="true"
                  className="grid size-9 shrink-0 place-items-center rounded-lg bg-slate-100 font-semibold text-slate-700"
                >
                  {team.name.charAt(0).toUpperCase()}
                </span>
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{team.name}</p>
                  <p className="text-xs text-slate-600">{props.kind === "admin" ? t("teams.roleAdmin") : t("teams.roleMember")}</p>
                </div>
              </div>
              <button
                type="button"
                onClick={() => open(team.id)}
                aria-label={props.kind === "admin" ? t("teams.manage", { name: team.name }) : t("teams.view", { name: team.name })}
                title={props.kind === "admin" ? t("teams.manage", { name: team.name }) : t("teams.view", { name: team.name })}
                className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
              >
                {props.kind === "admin" ? <ManageIcon /> : <ViewIcon />}
              </button>
            </li>
          ))}
        </ul>
      )}
      {data && pages > 1 && (
        <nav aria-label={props.title} className="mt-auto flex items-center justify-between gap-2 pt-4 text-sm">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            className="rounded-md border border-slate-300 px-3 py-1.5 disabled:opacity-50"
          >
            {t("teams.previous")}
          </button>
          <span className="text-slate-600">{t("teams.page", { page, pages })}</span>
          <button
            type="button"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
            className="rounded-md border border-slate-300 px-3 py-1.5 disabled:opacity-50"
          >
            {t("teams.next")}
          </button>
        </nav>
      )}
    </section>
  );
}

/** 'Your Teams' (admin) and 'Invited Teams' (member), 5 per page, with team creation for pro users. */
export function TeamCards({ isPro }: { isPro: boolean }) {
  const { t } = useTranslation("dashboard");
  const yours = useTeams("admin");
  const invited = useTeams("member");
  const [creating, setCreating] = useState(false);
  const createButton = (label: string, primary: boolean) => (
    <button
      type="button"
      onClick={() => setCreating(true)}
      className={
        primary
          ? "rounded-lg bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800"
          : "rounded-lg border border-blue-700 px-3 py-1.5 text-sm font-semibold text-blue-800 hover:bg-blue-50"
      }
    >
      {label}
    </button>
  );
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <TeamList
        kind="admin"
        title={t("teams.yours")}
        teams={yours}
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
          onCreated={() => {
            setCreating(false);
            void yours.reload();
          }}
        />
      )}
    </div>
  );
}

import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TeamMemberPage, TeamMemberRow, TeamView } from "../../../core/api";
import { MEMBER_SEARCH_MAX, roleCan, TEAM_ROLES, type TeamRole } from "../../../core/teams";
import { fetchMembers } from "../../api/teams";
import { authClient } from "../../identity/client";
import { Button, Spinner } from "../../ui";
import { Breakable } from "../../ui/breakable";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { FormAlert } from "../../ui/form-alert";
import { Pager, pageCount } from "../../ui/pager";
import { InviteDialog, TeamInvitations } from "./team-invitations";
import { TeamRequests } from "./team-requests";

const card = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";
type Tab = "members" | "invitations" | "requests";
const TABS: Tab[] = ["members", "invitations", "requests"];

/** /teams/{id}/members: admins get the tabs Members, Invitations and Requests; members the list alone. */
export function TeamMembers({ team, userId }: { team: TeamView; userId: string }) {
  const { t } = useTranslation("teams");
  const [tab, setTab] = useState<Tab>("members");
  const ids = useId();
  const refs = useRef<Record<Tab, HTMLButtonElement | null>>({ members: null, invitations: null, requests: null });
  const admin = roleCan(team.role, { invitation: ["create"] });
  if (!admin) return <MemberList team={team} userId={userId} />;

  function onKey(e: KeyboardEvent) {
    const i = TABS.indexOf(tab);
    const next =
      e.key === "ArrowRight"
        ? TABS[(i + 1) % TABS.length]
        : e.key === "ArrowLeft"
          ? TABS[(i + TABS.length - 1) % TABS.length]
          : e.key === "Home"
            ? TABS[0]
            : e.key === "End"
              ? TABS[TABS.length - 1]
              : undefined;
    if (!next) return;
    e.preventDefault();
    setTab(next);
    refs.current[next]?.focus();
  }

  return (
    <div className="space-y-4">
      <div role="tablist" aria-label={t("members.tabsLabel")} className="flex gap-2" onKeyDown={onKey}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              refs.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`${ids}-${name}-tab`}
            aria-selected={tab === name}
            aria-controls={`${ids}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            className={`rounded-full px-4 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${tab === name ? "bg-slate-900 text-white" : "bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100"}`}
          >
            {t(`members.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${ids}-${tab}-panel`} aria-labelledby={`${ids}-${tab}-tab`}>
        {tab === "members" && <MemberList team={team} userId={userId} />}
        {tab === "invitations" && <TeamInvitations team={team} />}
        {tab === "requests" && <TeamRequests team={team} />}
      </div>
    </div>
  );
}

/** The roster: searched and paged on the server; admins change roles and remove members. */
function MemberList({ team, userId }: { team: TeamView; userId: string }) {
  const { t, i18n } = useTranslation("teams");
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState("");
  const [query, setQuery] = useState("");
  const [data, setData] = useState<TeamMemberPage | null | undefined>(undefined);
  const [notice, setNotice] = useState<{ tone: "info" | "error"; text: string } | null>(null);
  const [removing, setRemoving] = useState<TeamMemberRow | null>(null);
  const [inviting, setInviting] = useState(false);
  const searchId = useId();
  const manage = roleCan(team.role, { member: ["update"] });
  const invite = roleCan(team.role, { invitation: ["create"] });

  const load = useCallback(async () => {
    setData(await fetchMembers(team.id, page, query).catch(() => null));
  }, [team.id, page, query]);
  useEffect(() => {
    void load();
  }, [load]);

  function search(e: FormEvent) {
    e.preventDefault();
    setPage(1);
    setQuery(typed.trim());
  }

  async function changeRole(member: TeamMemberRow, role: TeamRole) {
    setNotice(null);
    const { error } = await authClient.organization.updateMemberRole({ organizationId: team.id, memberId: member.id, role });
    if (error) setNotice({ tone: "error", text: error.message || t("members.failed") });
    else setNotice({ tone: "info", text: t("members.roleSaved", { name: member.name, role: t(`roles.${role}`) }) });
    await load();
  }

  async function remove(member: TeamMemberRow) {
    const { error } = await authClient.organization.removeMember({ organizationId: team.id, memberIdOrEmail: member.id });
    if (error) return error.message || t("members.failed");
    setRemoving(null);
    setNotice({ tone: "info", text: t("members.removed", { name: member.name }) });
    await load();
    return null;
  }

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  return (
    <section aria-labelledby="members-title" className={card}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="members-title" className="text-lg font-semibold text-slate-900">
          {t("members.title")}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          {data && <p className="text-sm text-slate-600">{t("members.seats", { used: data.seats.used, limit: data.seats.limit })}</p>}
          {invite && (
            <Button variant="strong" size="md" onClick={() => setInviting(true)}>
              {t("members.invite")}
            </Button>
          )}
        </div>
      </div>
      <search className="mt-4 block">
        <form onSubmit={search}>
          <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
            {t("members.search")}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={searchId}
              type="search"
              value={typed}
              maxLength={MEMBER_SEARCH_MAX}
              onChange={(e) => setTyped(e.target.value)}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2"
            />
            <Button type="submit" variant="secondary" size="md">
              {t("members.searchButton")}
            </Button>
          </div>
        </form>
      </search>
      {notice && (
        <div className="mt-4">
          <FormAlert tone={notice.tone}>{notice.text}</FormAlert>
        </div>
      )}
      {data === undefined && <Spinner />}
      {data === null && (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {t("members.loadError")}
        </p>
      )}
      {data && data.items.length === 0 && (
        <p className="mt-4 text-sm text-slate-600">{query ? t("members.noMatch", { q: query }) : t("members.empty")}</p>
      )}
      {data && data.items.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-100" aria-label={t("members.listLabel")}>
          {data.items.map((m) => (
            <li key={m.id} className="grid gap-x-4 gap-y-2 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  <Breakable text={m.name} />
                  {m.userId === userId && <span className="font-normal text-slate-600"> {t("members.you")}</span>}
                </p>
                <p className="text-sm text-slate-700">
                  <Breakable text={m.email} />
                </p>
                <p className="text-sm text-slate-600">
                  {t("members.joinedOn", { date: date.format(new Date(m.joinedAt)) })}
                  {m.pays && (
                    <span className="ml-2 inline-block rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-emerald-800">
                      {t("members.pays")}
                    </span>
                  )}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-3 sm:justify-end">
                {manage ? (
                  <div className="flex items-center gap-2 text-sm text-slate-700">
                    <span aria-hidden="true">{t("members.role")}</span>
                    <select
                      aria-label={t("members.roleOf", { name: m.name })}
                      value={m.role}
                      onChange={(e) => void changeRole(m, e.target.value as TeamRole)}
                      className="rounded-lg border border-slate-300 bg-white px-2 py-1.5"
                    >
                      {TEAM_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`roles.${r}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                ) : (
                  <p className="text-sm text-slate-700">
                    {t("members.role")}: {t(`roles.${m.role}`)}
                  </p>
                )}
                {manage && m.userId !== userId && (
                  <Button variant="secondary" size="xs" aria-label={t("members.removeOf", { name: m.name })} onClick={() => setRemoving(m)}>
                    {t("members.remove")}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pages={pages}
        onPage={setPage}
        label={t("members.pages")}
        status={t("list.page", { page, pages })}
        previous={t("list.previous")}
        next={t("list.next")}
      />
      {inviting && <InviteDialog team={team} onClose={() => setInviting(false)} onInvited={load} />}
      {removing && (
        <ConfirmDialog
          title={t("members.removeDialog", { name: removing.name })}
          confirm={t("members.remove")}
          busyConfirm={t("members.removing")}
          cancel={t("danger.cancel")}
          onClose={() => setRemoving(null)}
          onConfirm={() => remove(removing)}
        >
          {t("members.removeText", { name: removing.name })}
        </ConfirmDialog>
      )}
    </section>
  );
}

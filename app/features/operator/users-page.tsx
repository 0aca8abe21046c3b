import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import {
  type OperatorUserRow,
  SORT_DIRECTIONS,
  type SortDirection,
  SUBSCRIPTION_STATUSES,
  USER_FILTERS,
  USER_SORTS,
  type UserListQuery,
  type UserSort,
} from "../../../core/operator";
import { catalogueKeyOf } from "../../../core/plans";
import { operatorApi } from "../../api/operator";
import { useLoad } from "../../api/use-load";
import { LocalizedLink } from "../../i18n";
import type { Session } from "../../identity/client";
import { Breakable } from "../../ui/breakable";
import { FormAlert } from "../../ui/form-alert";
import { Cell, Column, ConsoleList, ConsoleSearch, rowRange } from "./console-list";
import { LoadState, OperatorLayout, useDateTime } from "./operator-layout";

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/** The list's state lives in the address, so a search can be shared, reloaded and gone back to. */
function queryOf(params: URLSearchParams): UserListQuery {
  return {
    q: params.get("q") ?? undefined,
    page: Math.max(1, Number(params.get("page")) || 1),
    sort: oneOf(USER_SORTS, params.get("sort")),
    dir: oneOf(SORT_DIRECTIONS, params.get("dir")),
    status: oneOf(USER_FILTERS.status, params.get("status")),
    plan: oneOf(USER_FILTERS.plan, params.get("plan")),
    subscription: oneOf(SUBSCRIPTION_STATUSES, params.get("subscription")),
    // Sent as written: the server says in words what is wrong with a day or a range.
    createdFrom: params.get("createdFrom") || undefined,
    createdTo: params.get("createdTo") || undefined,
  };
}

export function statusOf(user: Pick<OperatorUserRow, "banned" | "emailVerified">): "banned" | "unverified" | "active" {
  if (user.banned) return "banned";
  return user.emailVerified ? "active" : "unverified";
}

export const STATUS_KEYS = { active: "users.statusActive", banned: "users.statusBanned", unverified: "users.statusUnverified" } as const;
const STATUS_LOOKS = {
  active: "bg-green-50 text-green-800 ring-green-200",
  banned: "bg-red-50 text-red-800 ring-red-200",
  unverified: "bg-amber-50 text-amber-900 ring-amber-200",
} as const;

/** /{lang}/admin/users: search, filter, sort and page through every user. */
export function UsersPage({ session }: { session: Session }) {
  const { t } = useTranslation("operator");
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const [load] = useLoad(params.toString(), () => operatorApi.users(query));
  const when = useDateTime();
  // What an action on another page reports when it leads here (a deleted user).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;

  const update = (changes: Partial<Record<keyof UserListQuery, string | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!("page" in changes)) next.delete("page");
    setParams(next);
  };

  const sortHeader = (column: UserSort, label: string) => {
    const active = (query.sort ?? "createdAt") === column;
    const dir: SortDirection = active ? (query.dir ?? (column === "createdAt" ? "desc" : "asc")) : "asc";
    return (
      <th scope="col" aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"} className="py-2 pr-3 font-medium">
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
          onClick={() => update({ sort: column, dir: active && dir === "asc" ? "desc" : "asc" })}
          aria-label={t("users.sortBy", { column: label })}
        >
          {label}
          <span aria-hidden="true">{active ? (dir === "asc" ? "▲" : "▼") : "↕"}</span>
        </button>
      </th>
    );
  };

  return (
    <OperatorLayout session={session} title={t("users.title")} intro={t("users.intro")}>
      <div aria-live="polite" className="empty:hidden">
        {notice && <FormAlert tone="info">{notice}</FormAlert>}
      </div>
      <ConsoleSearch
        id="user-search"
        label={t("users.search")}
        initial={query.q ?? ""}
        filters={[
          {
            name: "status",
            label: t("users.status"),
            value: query.status,
            options: USER_FILTERS.status.map((s) => ({ value: s, label: t(STATUS_KEYS[s]) })),
          },
          {
            name: "plan",
            label: t("users.plan"),
            value: query.plan,
            options: [
              { value: "individual", label: t("common:plans.free") },
              { value: "pro", label: t("common:plans.pro") },
            ],
          },
          {
            name: "subscription",
            label: t("users.subscription"),
            value: query.subscription,
            options: SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: t(`subscriptionStatuses.${s}`) })),
          },
        ]}
        dates={[
          { name: "createdFrom", label: t("users.createdFrom"), value: query.createdFrom },
          { name: "createdTo", label: t("users.createdTo"), value: query.createdTo },
        ]}
        onSearch={(values) => update(values)}
      />

      <LoadState load={load} />
      {load.state === "loaded" && (
        <ConsoleList
          id="users"
          list={load.data}
          empty={t("users.empty")}
          caption={t("users.tableCaption", rowRange(load.data))}
          head={
            <>
              {sortHeader("name", t("users.columns.name"))}
              {sortHeader("email", t("users.columns.email"))}
              <Column>{t("users.columns.plan")}</Column>
              <Column>{t("users.columns.status")}</Column>
              {sortHeader("createdAt", t("users.columns.createdAt"))}
            </>
          }
        >
          {load.data.items.map((user) => {
            const status = statusOf(user);
            return (
              <tr key={user.id} className="border-b border-slate-100 last:border-0">
                <Cell label={t("users.columns.name")} className="max-w-[14rem]">
                  <LocalizedLink to={`/admin/users/${user.id}`} className="font-medium text-blue-800 underline-offset-4 hover:underline">
                    <Breakable text={user.name || user.email} />
                  </LocalizedLink>
                  {user.operator && <span className="block text-xs text-slate-600">{t("users.operatorBadge")}</span>}
                </Cell>
                <Cell label={t("users.columns.email")} className="max-w-[16rem] text-slate-700">
                  <Breakable text={user.email} />
                </Cell>
                <Cell label={t("users.columns.plan")} className="text-slate-700">
                  {t(`common:plans.${catalogueKeyOf(user.planType)}`)}
                </Cell>
                <Cell label={t("users.columns.status")}>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATUS_LOOKS[status]}`}>
                    {t(STATUS_KEYS[status])}
                  </span>
                </Cell>
                <Cell label={t("users.columns.createdAt")} className="whitespace-nowrap text-slate-700">
                  {when(user.createdAt)}
                </Cell>
              </tr>
            );
          })}
        </ConsoleList>
      )}
    </OperatorLayout>
  );
}

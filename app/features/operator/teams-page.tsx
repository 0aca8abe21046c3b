import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { SORT_DIRECTIONS, type SortDirection, TEAM_SORTS, type TeamListQuery, type TeamSort } from "../../../core/operator";
import { catalogueKeyOf } from "../../../core/plans";
import { operatorApi } from "../../api/operator";
import { useLoad } from "../../api/use-load";
import { LocalizedLink } from "../../i18n";
import type { Session } from "../../identity/client";
import { Breakable } from "../../ui/breakable";
import { TeamLogo } from "../../ui/team-logo";
import { Cell, Column, ConsoleList, ConsoleSearch, rowRange } from "./console-list";
import { LoadState, OperatorLayout, useDateTime } from "./operator-layout";

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

const defaultDir = (column: TeamSort): SortDirection => (column === "name" ? "asc" : "desc");

/** /{lang}/admin/teams: search, sort and page through every team; the state lives in the address. */
export function TeamsPage({ session }: { session: Session }) {
  const { t } = useTranslation("operator");
  const [params, setParams] = useSearchParams();
  const query: TeamListQuery = {
    q: params.get("q") ?? undefined,
    page: Math.max(1, Number(params.get("page")) || 1),
    sort: oneOf(TEAM_SORTS, params.get("sort")),
    dir: oneOf(SORT_DIRECTIONS, params.get("dir")),
  };
  const [load] = useLoad(params.toString(), () => operatorApi.teams(query));
  const when = useDateTime();

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!("page" in changes)) next.delete("page");
    setParams(next);
  };

  const sortHeader = (column: TeamSort, label: string) => {
    const active = (query.sort ?? "createdAt") === column;
    const dir: SortDirection = active ? (query.dir ?? defaultDir(column)) : defaultDir(column);
    return (
      <th scope="col" aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"} className="py-2 pr-3 font-medium">
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
          onClick={() => update({ sort: column, dir: active ? (dir === "asc" ? "desc" : "asc") : defaultDir(column) })}
          aria-label={t("users.sortBy", { column: label })}
        >
          {label}
          <span aria-hidden="true">{active ? (dir === "asc" ? "▲" : "▼") : "↕"}</span>
        </button>
      </th>
    );
  };

  return (
    <OperatorLayout session={session} title={t("teams.title")} intro={t("teams.intro")}>
      <ConsoleSearch
        id="team-search"
        label={t("teams.search")}
        initial={query.q ?? ""}
        filters={[]}
        onSearch={(values) => update(values)}
      />
      <LoadState load={load} />
      {load.state === "loaded" && (
        <ConsoleList
          id="teams"
          list={load.data}
          empty={t("teams.empty")}
          caption={t("teams.tableCaption", rowRange(load.data))}
          head={
            <>
              {sortHeader("name", t("teams.columns.name"))}
              <Column>{t("teams.columns.slug")}</Column>
              {sortHeader("members", t("teams.columns.members"))}
              <Column>{t("teams.columns.plan")}</Column>
              <Column>{t("teams.columns.payer")}</Column>
              {sortHeader("createdAt", t("teams.columns.createdAt"))}
            </>
          }
        >
          {load.data.items.map((team) => (
            <tr key={team.id} className="border-b border-slate-100 last:border-0">
              <Cell label={t("teams.columns.name")} className="max-w-[14rem]">
                <div className="flex min-w-0 items-start gap-2">
                  <TeamLogo name={team.name} logo={team.logo} size="xs" />
                  <LocalizedLink
                    to={`/admin/teams/${team.id}`}
                    className="min-w-0 font-medium text-blue-800 underline-offset-4 hover:underline"
                  >
                    <Breakable text={team.name} />
                  </LocalizedLink>
                </div>
              </Cell>
              <Cell label={t("teams.columns.slug")} className="max-w-[12rem] text-slate-700">
                <Breakable text={team.slug} />
              </Cell>
              <Cell label={t("teams.columns.members")} className="text-slate-700">
                {team.memberCount}
              </Cell>
              <Cell label={t("teams.columns.plan")} className="text-slate-700">
                {t(`common:plans.${catalogueKeyOf(team.plan)}`)}
              </Cell>
              <Cell label={t("teams.columns.payer")} className="max-w-[14rem] text-slate-700">
                {team.payerEmail ? <Breakable text={team.payerEmail} /> : t("teams.noPayer")}
              </Cell>
              <Cell label={t("teams.columns.createdAt")} className="whitespace-nowrap text-slate-700">
                {when(team.createdAt)}
              </Cell>
            </tr>
          ))}
        </ConsoleList>
      )}
    </OperatorLayout>
  );
}

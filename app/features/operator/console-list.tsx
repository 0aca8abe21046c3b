import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { type Paged, SEARCH_MAX } from "../../../core/operator";
import { Button, TextField } from "../../ui";
import { Pager, pageCount } from "../../ui/pager";

/**
 * A table of the console in a region named by its caption. On a phone each row becomes a card
 * (`cards`, the default): every cell on a line of its own under its column's name (the `label`
 * of its `Cell`), so a row's action stays in view and nothing is cut; from 640 px on it is a
 * table. A table of many figures (`scroll`) keeps its columns instead and scrolls sideways inside
 * its region, reachable by keyboard, with the first column fixed and a line saying so
 * (docs/decisions/153).
 */
export function ConsoleTable({
  id,
  caption,
  head,
  children,
  phone = "cards",
}: {
  id: string;
  caption: string;
  head: ReactNode;
  children: ReactNode;
  phone?: "cards" | "scroll";
}) {
  const { t } = useTranslation("operator");
  return (
    <>
      {/* Above the region, so it stays in view while the table scrolls. */}
      {phone === "scroll" && (
        <p id={`${id}-scrolls`} className="pb-2 text-sm text-slate-600 sm:hidden">
          {t("table.scrolls")}
        </p>
      )}
      {/* The region is positioned so that visually hidden labels inside it stay inside it (not widening a phone page). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
      <section className="relative overflow-x-auto" aria-labelledby={`${id}-caption`} tabIndex={0}>
        <table
          className={`w-full text-left text-sm ${phone === "cards" ? "console-cards sm:min-w-[36rem]" : "console-scroll min-w-[36rem]"}`}
          aria-describedby={phone === "scroll" ? `${id}-scrolls` : undefined}
        >
          <caption id={`${id}-caption`} className="pb-2 text-left text-sm text-slate-600">
            {caption}
          </caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>{head}</tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </section>
    </>
  );
}

/** A header cell of a console table. */
export function Column({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="py-2 pr-3 font-medium">
      {children}
    </th>
  );
}

/**
 * A data cell of a console table, named by its column: on a phone's card the name stands before
 * the value. A cell without one (a row's action) spans the card.
 */
export function Cell({ label, className = "", children }: { label?: string; className?: string; children: ReactNode }) {
  return (
    <td data-label={label} className={`py-2 pr-3 ${className}`}>
      <div className="min-w-0">{children}</div>
    </td>
  );
}

/** One page of a console list: the table, or what to say when it is empty, and the pager. */
export function ConsoleList({
  id,
  list,
  empty,
  caption,
  head,
  children,
}: {
  id: string;
  list: Paged<unknown>;
  empty: string;
  caption: string;
  head: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation("operator");
  const [, setPage] = usePageParam();
  const pages = pageCount(list.total, list.pageSize);
  const where = t("users.pageOf", { page: list.page, pages });
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      {list.total === 0 ? (
        <p className="text-slate-700">{empty}</p>
      ) : (
        <ConsoleTable id={id} caption={caption} head={head}>
          {children}
        </ConsoleTable>
      )}
      <Pager
        page={list.page}
        pages={pages}
        onPage={setPage}
        label={where}
        status={where}
        previous={t("users.previous")}
        next={t("users.next")}
      />
    </div>
  );
}

/** Which rows a page shows, for captions: "1 to 25 of 80". */
export function rowRange(list: Paged<unknown>) {
  const from = (list.page - 1) * list.pageSize + 1;
  return { from, to: from + list.items.length - 1, total: list.total };
}

/** The list's page, kept in the address with its other parameters. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  return [
    page,
    (next: number) => {
      const updated = new URLSearchParams(params);
      updated.set("page", String(next));
      setParams(updated);
    },
  ];
}

export interface SearchFilter {
  name: string;
  label: string;
  /** The value chosen now; none means any. */
  value: string | undefined;
  options: readonly { value: string; label: string }[];
}

/** A day a list can be narrowed by (a date input; empty means open-ended). */
export interface DateFilter {
  name: string;
  label: string;
  value: string | undefined;
}

/** A console list's search: the text field, its filters (each with "any"), its dates, and the button. */
export function ConsoleSearch({
  id,
  label,
  initial,
  filters,
  dates = [],
  onSearch,
}: {
  id: string;
  label: string;
  initial: string;
  filters: readonly SearchFilter[];
  dates?: readonly DateFilter[];
  onSearch: (values: Record<string, string>) => void;
}) {
  const { t } = useTranslation("operator");
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const named = [...filters, ...dates].map((f) => [f.name, String(form.get(f.name) ?? "")]);
    onSearch({ q: text.trim(), ...Object.fromEntries(named) });
  };
  return (
    <search>
      <form
        onSubmit={submit}
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex sm:flex-wrap sm:items-end"
      >
        {/* The search field keeps a usable width; the filters wrap onto a second line when many. */}
        <div className="sm:min-w-[16rem] sm:flex-1">
          <TextField
            id={id}
            look="compact"
            type="search"
            label={label}
            value={text}
            maxLength={SEARCH_MAX}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        {filters.map((f) => (
          <label key={f.name} className="block text-sm font-medium text-slate-800">
            {f.label}
            <select
              name={f.name}
              defaultValue={f.value ?? ""}
              key={`${f.name}-${f.value}`}
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              <option value="">{t("users.any")}</option>
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        ))}
        {dates.map((d) => (
          <label key={d.name} className="block text-sm font-medium text-slate-800">
            {d.label}
            <input
              type="date"
              name={d.name}
              defaultValue={d.value ?? ""}
              key={`${d.name}-${d.value}`}
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            />
          </label>
        ))}
        <Button type="submit" variant="strong" size="md">
          {t("users.searchButton")}
        </Button>
      </form>
    </search>
  );
}

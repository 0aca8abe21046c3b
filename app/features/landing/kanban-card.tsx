import type { TFunction } from "i18next";
import { forwardRef, type HTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "./avatar";
import type { Board, DemoContact, LaneId } from "./kanban-data";
import { LANES } from "./kanban-data";

/**
 * "Apr 30, 2025" / "30. Apr. 2025" from the catalog: the first Intl.DateTimeFormat of a page loads
 * locale and time-zone data, which blocked a phone's main thread while the board hydrated.
 */
function formatDate(t: TFunction<"landing">, iso: string): string {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  const months = t("kanban.months", { returnObjects: true }) as string[];
  return t("kanban.date", { day, month: months[month - 1], year });
}

type CardProps = { contact: DemoContact; dragging?: boolean; overlay?: boolean } & HTMLAttributes<HTMLDivElement>;

/** One candidate card; the interactive board adds drag handlers and attributes. */
export const KanbanCard = forwardRef<HTMLDivElement, CardProps>(function KanbanCard(
  { contact, dragging, overlay, className, ...rest },
  ref,
) {
  const { t } = useTranslation("landing");
  const date = formatDate(t, contact.lastContact);
  return (
    <div
      ref={ref}
      {...rest}
      className={`rounded-xl bg-white p-3 text-left shadow-sm ring-1 ring-slate-200 ${dragging ? "opacity-40" : ""} ${overlay ? "shadow-xl ring-2 ring-blue-400" : ""} ${className ?? ""}`}
    >
      <div className="flex items-center gap-3">
        <Avatar name={contact.name} variant={Number(contact.id.slice(1))} size={36} />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{contact.name}</p>
          <p className="truncate text-xs text-slate-600">
            {t(`kanban.roles.${contact.role}`)} · {contact.company}
          </p>
        </div>
      </div>
      <p className="mt-3 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
        {t(`kanban.statuses.${contact.status}`)}
      </p>
      <p className="mt-2 text-xs text-slate-600">
        {t("kanban.lastContact")}: <time dateTime={contact.lastContact}>{date}</time>
      </p>
      <p className="truncate text-xs text-slate-500">{contact.email}</p>
    </div>
  );
});

/** A lane's frame: title, count and its cards. */
export const KanbanLane = forwardRef<HTMLDivElement, { lane: LaneId; count: number; children: React.ReactNode; over?: boolean }>(
  function KanbanLane({ lane, count, children, over }, ref) {
    const { t } = useTranslation("landing");
    return (
      <section aria-label={t(`kanban.lanes.${lane}`)} className="flex min-w-0 flex-col rounded-2xl bg-slate-100 p-3">
        <h3 className="flex items-center justify-between px-1 text-sm font-semibold text-slate-800">
          {t(`kanban.lanes.${lane}`)}
          <span className="rounded-full bg-white px-2 text-xs text-slate-600">{count}</span>
        </h3>
        <div ref={ref} className={`mt-3 flex min-h-32 flex-1 flex-col gap-3 rounded-xl transition-colors ${over ? "bg-blue-100/70" : ""}`}>
          {children}
        </div>
      </section>
    );
  },
);

/** The board as plain markup: prerendered, and shown until the interactive one has loaded. */
export function StaticBoard({ board }: { board: Board }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {LANES.map((lane) => (
        <KanbanLane key={lane} lane={lane} count={board[lane].length}>
          {board[lane].map((contact) => (
            <KanbanCard key={contact.id} contact={contact} />
          ))}
        </KanbanLane>
      ))}
    </div>
  );
}

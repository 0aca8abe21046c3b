import { Button } from "./button";

/** How many pages a list of `total` entries fills, at least one. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * Previous and next page of a long list, with where the list stands ("Page 2 of 5"); nothing when
 * it fits on one page. The words come from the screen; `label` names the navigation.
 */
export function Pager({
  page,
  pages,
  onPage,
  label,
  status,
  previous,
  next,
  className = "mt-4",
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
  status: string;
  previous: string;
  next: string;
  /** Where it sits; a card's pager is pushed to the card's foot. */
  className?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={`${className} flex flex-wrap items-center justify-between gap-3`}>
      <Button variant="secondary" size="sm" className="bg-white" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previous}
      </Button>
      <span className="text-sm text-slate-700">{status}</span>
      <Button variant="secondary" size="sm" className="bg-white" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {next}
      </Button>
    </nav>
  );
}

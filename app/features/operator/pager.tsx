import { useTranslation } from "react-i18next";
import { Button } from "../../ui";

/** Previous and next page of a console list, with where the list stands. */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("operator");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  return (
    <nav aria-label={t("users.pageOf", { page, pages })} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <Button variant="secondary" size="sm" className="bg-white" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("users.previous")}
      </Button>
      <span className="text-sm text-slate-700">{t("users.pageOf", { page, pages })}</span>
      <Button variant="secondary" size="sm" className="bg-white" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("users.next")}
      </Button>
    </nav>
  );
}

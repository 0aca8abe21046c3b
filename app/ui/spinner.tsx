import { useTranslation } from "react-i18next";

/** A loading indicator announced to screen readers. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation("common");
  return (
    <div role="status" className="flex flex-col items-center gap-3 text-slate-600">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-slate-200 border-t-blue-600 motion-reduce:animate-none"
      />
      <span className="sr-only">{label ?? t("loading")}</span>
    </div>
  );
}

/** The spinner alone in the middle of the screen, while a page waits for what it shows. */
export function PageSpinner() {
  return (
    <div className="grid min-h-screen place-items-center">
      <Spinner />
    </div>
  );
}

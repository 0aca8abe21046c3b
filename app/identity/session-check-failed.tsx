import { useTranslation } from "react-i18next";
import { LocalizedLink } from "../i18n";
import { Button, Logo } from "../ui";

/**
 * Shown when the session could not be read: says so (or that the service is in maintenance) and
 * offers to read it again. Full screen, with the logo and a way to the website, where the page
 * depends on the session; `inline` on a screen that works without one.
 */
export function SessionCheckFailed({
  onRetry,
  inline = false,
  maintenance = false,
}: {
  onRetry: () => void;
  inline?: boolean;
  maintenance?: boolean;
}) {
  const { t } = useTranslation("common");
  const body = (
    <div
      role="alert"
      className={`flex flex-col items-center gap-4 text-center ${inline ? "mb-6 rounded-lg border border-amber-200 bg-amber-50 p-4" : "max-w-sm"}`}
    >
      <p className="text-base text-slate-800">{t(maintenance ? "session.maintenance" : "session.checkFailed")}</p>
      <Button type="button" variant="strong" size="lg" onClick={onRetry}>
        {t("session.retry")}
      </Button>
    </div>
  );
  if (inline) return body;
  // In place of a page that needs the session: the logo and a way to the website, which stays up.
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <LocalizedLink to="/" className="shrink-0 rounded-md text-slate-900">
            <Logo />
          </LocalizedLink>
          <LocalizedLink to="/" className="text-sm font-medium text-blue-800 underline-offset-4 hover:underline">
            {t("session.website")}
          </LocalizedLink>
        </div>
      </header>
      <main id="main" className="grid flex-1 place-items-center px-4 py-12">
        <div className="flex max-w-sm flex-col items-center gap-4">
          <h1 className="text-center text-2xl font-bold text-slate-900">
            {t(maintenance ? "session.maintenanceTitle" : "session.checkFailedTitle")}
          </h1>
          {body}
        </div>
      </main>
    </div>
  );
}

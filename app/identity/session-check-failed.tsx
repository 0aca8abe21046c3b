import { useTranslation } from "react-i18next";
import { Button } from "../ui";

/**
 * Shown when the session could not be read: says so (or that the service is in maintenance) and
 * offers to read it again. Full screen where the page depends on the session; `inline` above a
 * form that works without one (sign-in).
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
  return inline ? body : <div className="grid min-h-screen place-items-center px-4">{body}</div>;
}

import { useState } from "react";
import { useTranslation } from "react-i18next";
import { stopImpersonation } from "../../api/impersonation";
import { useLanguage } from "../../i18n";
import { Button } from "../../ui";

/** Whether this session was opened by an operator acting as the user. */
export const isImpersonation = (session: { session: { impersonatedBy?: string | null } }) => Boolean(session.session.impersonatedBy);

/**
 * Ends the impersonation: the operator returns to the user's page in the console as themself, or to
 * sign-in when their own session ended meanwhile.
 */
export function useStopImpersonation() {
  const lang = useLanguage();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const stop = async () => {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      const { userId, operatorSignedIn } = await stopImpersonation();
      window.location.assign(operatorSignedIn ? `/${lang}/admin/users/${encodeURIComponent(userId)}` : `/${lang}/sign-in`);
    } catch {
      setBusy(false);
      setFailed(true);
    }
  };
  return { stop, busy, failed };
}

/** The bar above every signed-in page while an operator acts as the user: who, and the way back. */
export function ImpersonationBanner({ identifier }: { identifier: string }) {
  const { t } = useTranslation("dashboard");
  const { stop, busy, failed } = useStopImpersonation();
  return (
    <aside aria-label={t("impersonation.label")} className="border-b border-amber-300 bg-amber-100 text-amber-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <p className="min-w-0 font-medium [overflow-wrap:anywhere]">{t("impersonation.signedInAs", { identifier })}</p>
        <Button variant="dark" size="xs" disabled={busy} onClick={() => void stop()}>
          {t("impersonation.signOut")}
        </Button>
        {failed && (
          <p role="alert" className="w-full text-red-800">
            {t("impersonation.failed")}
          </p>
        )}
      </div>
    </aside>
  );
}

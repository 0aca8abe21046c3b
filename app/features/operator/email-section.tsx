import { useTranslation } from "react-i18next";
import type { OperatorUserDetail } from "../../../core/operator";
import { operatorApi } from "../../api/operator";
import { useAction } from "../../api/use-action";
import { Button } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { OperatorSection } from "./operator-layout";

/** The user's e-mail address and whether it is verified; an unverified one can be sent its code again. */
export function EmailSection({ user, onChanged }: { user: OperatorUserDetail; onChanged: () => void }) {
  const { t } = useTranslation("operator");
  const { run, busy, error, notice } = useAction({ failure: t("errors.actionFailed"), onDone: onChanged });
  return (
    <OperatorSection id="user-emails" title={t("user.emails.title")}>
      <ul className="space-y-3 text-sm">
        <li className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{user.email}</p>
            <p className="text-slate-600">
              {t("user.emails.primary")} · {t(user.emailVerified ? "user.emails.verified" : "user.emails.unverified")}
            </p>
          </div>
          {!user.emailVerified && (
            <Button
              variant="secondary"
              size="sm"
              disabled={busy}
              onClick={() =>
                run(async () => {
                  await operatorApi.resendVerification(user.id);
                  return t("user.emails.sent", { email: user.email });
                })
              }
            >
              {t("user.emails.resend")}
            </Button>
          )}
        </li>
      </ul>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {notice && <FormAlert tone="info">{notice}</FormAlert>}
      </div>
      {error && (
        <div className="mt-3">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
    </OperatorSection>
  );
}

import { useTranslation } from "react-i18next";
import { LocalizedLink } from "../../i18n";
import { buttonClass } from "../../ui";
import { AuthShell } from "../auth-shell/auth-shell";

/**
 * /account-deleted: where deleting the account ends (docs/decisions/149). The session is gone, so
 * the page is a plain one: what happened, the goodbye mail on its way, and the way back.
 */
export function AccountDeletedPage() {
  const { t } = useTranslation("security");
  return (
    <AuthShell>
      <h1 className="text-2xl font-bold text-slate-900">{t("deleted.title")}</h1>
      <p className="mt-3 text-slate-700">{t("deleted.text")}</p>
      <p className="mt-3 text-slate-700">{t("deleted.mail")}</p>
      <p className="mt-3 text-slate-700">{t("deleted.again")}</p>
      <LocalizedLink to="/" className={`${buttonClass({ variant: "secondary", size: "lg" })} mt-6`}>
        {t("deleted.home")}
      </LocalizedLink>
    </AuthShell>
  );
}

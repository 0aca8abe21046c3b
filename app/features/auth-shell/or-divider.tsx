import { useTranslation } from "react-i18next";

/** "or" between two ways in (e-mail and Google). */
export function OrDivider() {
  const { t } = useTranslation("auth");
  return (
    <div className="flex items-center gap-3 text-sm text-slate-500">
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      {t("signUp.welcome.or")}
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

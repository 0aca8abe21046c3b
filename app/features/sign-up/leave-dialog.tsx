import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useLanguage } from "../../i18n/use-language";
import { Modal } from "../../ui/dialog";
import { primaryButton, secondaryButton } from "../../ui/text-field";

/** The wizard's back-to-home button: asks before leaving, since the entries would be lost. */
export function BackToHome() {
  const { t } = useTranslation("auth");
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const lang = useLanguage();
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M15 18l-6-6 6-6" />
        </svg>
        {t("backToHome")}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t("leave.title")}>
        <p className="mt-2 text-slate-600">{t("leave.text")}</p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={`${secondaryButton} sm:w-auto`} onClick={() => setOpen(false)}>
            {t("leave.cancel")}
          </button>
          <button type="button" className={`${primaryButton} sm:w-auto`} onClick={() => navigate(`/${lang}/`)}>
            {t("leave.confirm")}
          </button>
        </div>
      </Modal>
    </>
  );
}

import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useLanguage } from "../../i18n";
import { linkClass } from "../../ui";
import { Dialog } from "../../ui/dialog";
import { FormButton } from "../auth-shell/form-button";

type Doc = "terms" | "privacy";

const PATHS: Record<Doc, string> = { terms: "terms", privacy: "privacy-policy" };

/**
 * The terms notice of the sign-up form. Each link opens a dialog summarising the text with a link
 * to the full page in a new tab, so the wizard keeps its entries.
 */
export function TermsNotice() {
  const { t } = useTranslation("auth");
  const lang = useLanguage();
  const [doc, setDoc] = useState<Doc | null>(null);
  // Trans puts the link text inside these anchors.
  const link = (which: Doc) => (
    // biome-ignore lint/a11y/useAnchorContent: the text is supplied by Trans
    <a
      href={`/${lang}/${PATHS[which]}`}
      className={linkClass}
      onClick={(e) => {
        e.preventDefault();
        setDoc(which);
      }}
    />
  );
  const title = doc === "privacy" ? t("legal.privacyTitle") : t("legal.termsTitle");
  return (
    <>
      <p className="text-sm text-slate-600">
        <Trans t={t} i18nKey="signUp.planSelection.terms" components={{ terms: link("terms"), privacy: link("privacy") }} />
      </p>
      <Dialog open={doc !== null} onClose={() => setDoc(null)} title={title}>
        <p className="mt-3 text-slate-700">{doc === "privacy" ? t("legal.privacySummary") : t("legal.termsSummary")}</p>
        <p className="mt-4">
          <a href={`/${lang}/${PATHS[doc ?? "terms"]}`} target="_blank" rel="noopener" className={linkClass}>
            {t("legal.readFull")}
          </a>
        </p>
        <div className="mt-6 flex justify-end">
          <FormButton variant="secondary" className="sm:w-auto" onClick={() => setDoc(null)}>
            {t("close")}
          </FormButton>
        </div>
      </Dialog>
    </>
  );
}

import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useLanguage } from "../../i18n";
import { linkClass } from "../../ui";
import { Dialog } from "../../ui/dialog";
import { FormButton } from "../auth-shell/form-button";

type Doc = "terms" | "privacy";

const PATHS: Record<Doc, string> = { terms: "terms", privacy: "privacy-policy" };

/**
 * The required agreement to the terms and the privacy policy (sign-up's first step and the consent
 * screen). Each link opens a dialog summarising the text with a link to the full page in a new tab,
 * so the form keeps its entries; a click on a link does not tick the box.
 */
export function LegalConsentField({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
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
    <div>
      <div className="flex items-start gap-3">
        <input
          id="legal-consent"
          type="checkbox"
          name="legalConsent"
          checked={checked}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "legal-consent-error" : undefined}
          onChange={(e) => onChange(e.target.checked)}
          className="mt-0.5 size-5 shrink-0 accent-blue-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        />
        <label htmlFor="legal-consent" className="text-sm text-slate-700">
          <Trans t={t} i18nKey="legal.consent" components={{ terms: link("terms"), privacy: link("privacy") }} />
        </label>
      </div>
      {error && (
        <p id="legal-consent-error" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
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
    </div>
  );
}

import { LegalConsentScreen } from "../../features/sign-up/legal-consent-screen";
import { useLanguage } from "../../i18n";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["auth"] };

export default function LegalConsent() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="legalConsent" lang={lang} />
      <LegalConsentScreen />
    </>
  );
}

import { useTranslation } from "react-i18next";
import { LegalPage, PrivacyPolicyContent } from "../../features/legal/legal-document";
import { useLanguage } from "../../i18n";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["legal"] };

export default function PrivacyPolicy() {
  const { t } = useTranslation("legal");
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="privacyPolicy" lang={lang} />
      <LegalPage title={t("privacy.title")}>
        <PrivacyPolicyContent />
      </LegalPage>
    </>
  );
}

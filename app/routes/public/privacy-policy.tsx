import { useTranslation } from "react-i18next";
import { PageMeta } from "../../components/page-meta";
import { LegalPage, PrivacyPolicyContent } from "../../components/site/legal-document";
import { useLanguage } from "../../i18n/use-language";

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

import { useTranslation } from "react-i18next";
import { LegalPage, type LegalSection, LegalSections } from "../../features/legal/legal-document";
import { useLanguage } from "../../i18n";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["legal"] };

export default function Terms() {
  const { t } = useTranslation("legal");
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="terms" lang={lang} />
      <LegalPage title={t("terms.title")}>
        <p className="mt-4 text-lg leading-relaxed text-slate-600">{t("terms.intro")}</p>
        <LegalSections sections={t("terms.sections", { returnObjects: true }) as LegalSection[]} />
      </LegalPage>
    </>
  );
}

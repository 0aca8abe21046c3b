import { useTranslation } from "react-i18next";
import { PageMeta } from "../../components/page-meta";
import { useLanguage } from "../../i18n/use-language";

export const handle = { i18n: [] as string[] };

export default function ForgotPassword() {
  const { t } = useTranslation("common");
  const lang = useLanguage();
  return (
    <main id="main" className="mx-auto max-w-xl p-8">
      <PageMeta page="forgotPassword" lang={lang} />
      <h1 className="text-3xl font-bold">{t("pages.forgotPassword.title").split(" | ")[0]}</h1>
    </main>
  );
}

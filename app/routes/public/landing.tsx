import { useTranslation } from "react-i18next";
import { CONTACT_NAMESPACE, ContactForm } from "../../components/contact/contact-form";
import { PageMeta } from "../../components/page-meta";
import { useLanguage } from "../../i18n/use-language";

export const handle = { i18n: [CONTACT_NAMESPACE] as string[] };

export default function Landing() {
  const { t } = useTranslation("common");
  const lang = useLanguage();
  return (
    <div className="mx-auto max-w-6xl p-8">
      <PageMeta page="landing" lang={lang} />
      <h1 className="text-3xl font-bold">{t("pages.landing.title").split(" | ")[0]}</h1>
      <p className="mt-4 text-slate-700">{t("pages.landing.description")}</p>
      <section id="contact" className="mt-12 max-w-3xl">
        <ContactForm />
      </section>
    </div>
  );
}

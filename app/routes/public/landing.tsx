import { useTranslation } from "react-i18next";
import { CONTACT_NAMESPACE } from "../../components/contact/contact-form";
import { Benefits } from "../../components/landing/benefits";
import { ClosingCta } from "../../components/landing/closing-cta";
import { ContactSection } from "../../components/landing/contact-section";
import { Faq } from "../../components/landing/faq";
import { Hero } from "../../components/landing/hero";
import { HighlightSection } from "../../components/landing/highlight-section";
import { HowItWorks } from "../../components/landing/how-it-works";
import { KanbanSection } from "../../components/landing/kanban-section";
import { KeyFeatures } from "../../components/landing/key-features";
import { Pricing } from "../../components/landing/pricing";
import { Testimonials } from "../../components/landing/testimonials";
import { PageMeta } from "../../components/page-meta";
import { useLanguage } from "../../i18n/use-language";
import { landingStructuredData } from "../../site/seo";

export const handle = { i18n: ["landing", CONTACT_NAMESPACE] };

/** The landing page, its sections in the order of SPEC section 2. */
export default function Landing() {
  const { t } = useTranslation(["landing", "common"]);
  const lang = useLanguage();
  const structuredData = landingStructuredData({ lang, name: t("appName"), description: t("common:pages.landing.description") });
  return (
    <>
      <PageMeta page="landing" lang={lang} keywords={t("keywords")} structuredData={structuredData} />
      <Hero />
      <HowItWorks />
      <KeyFeatures />
      <KanbanSection />
      <HighlightSection name="reports" image="/illustrations/reports.svg" />
      <HighlightSection name="invoices" image="/illustrations/invoice.svg" reverse />
      <Benefits />
      <div className="bg-gradient-to-b from-slate-50 to-blue-50/60">
        <Testimonials />
        <Pricing />
        <Faq />
      </div>
      <ContactSection />
      <ClosingCta />
    </>
  );
}

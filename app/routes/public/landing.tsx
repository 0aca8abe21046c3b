import { useTranslation } from "react-i18next";
// The contact form's stylesheet is the route's, linked by the prerendered page: imported by the form
// itself, the islands build (decision 157) would load a second copy after the first paint, and the
// contact form would wait for it before hydrating (decision 158).
import "../../features/contact/contact-form.css";
import { CONTACT_NAMESPACE } from "../../features/contact/contact-form";
import { Benefits } from "../../features/landing/benefits";
import { ClosingCta } from "../../features/landing/closing-cta";
import { ContactSection } from "../../features/landing/contact-section";
import { Faq } from "../../features/landing/faq";
import { Hero } from "../../features/landing/hero";
import { HighlightSection } from "../../features/landing/highlight-section";
import { HowItWorks } from "../../features/landing/how-it-works";
import { KanbanSection } from "../../features/landing/kanban-section";
import { KeyFeatures } from "../../features/landing/key-features";
import { Pricing } from "../../features/landing/pricing";
import { Testimonials } from "../../features/landing/testimonials";
import { useLanguage } from "../../i18n";
import { Island } from "../../islands/island";
import { PageMeta } from "../../site/page-meta";
import { landingStructuredData } from "../../site/seo";

export const handle = { i18n: ["landing", CONTACT_NAMESPACE] };

/** The landing page, its sections in order from the hero to the closing call to action. */
export default function Landing() {
  const { t } = useTranslation(["landing", "common"]);
  const lang = useLanguage();
  const structuredData = landingStructuredData({ lang, name: t("appName"), description: t("common:pages.landing.description") });
  return (
    <>
      <PageMeta page="landing" lang={lang} keywords={t("keywords")} structuredData={structuredData} />
      <Hero />
      <Island name="how-it-works">
        <HowItWorks />
      </Island>
      <KeyFeatures />
      <Island name="kanban">
        <KanbanSection />
      </Island>
      <Island name="highlight" props={{ name: "reports", image: "/illustrations/reports.svg" }}>
        <HighlightSection name="reports" image="/illustrations/reports.svg" />
      </Island>
      <Island name="highlight" props={{ name: "invoices", image: "/illustrations/invoice.svg", reverse: true }}>
        <HighlightSection name="invoices" image="/illustrations/invoice.svg" reverse />
      </Island>
      <Benefits />
      <div className="bg-gradient-to-b from-slate-50 to-blue-50/60">
        <Testimonials />
        <Island name="pricing">
          <Pricing />
        </Island>
        <Island name="faq">
          <Faq />
        </Island>
      </div>
      <Island name="contact">
        <ContactSection />
      </Island>
      <ClosingCta />
    </>
  );
}

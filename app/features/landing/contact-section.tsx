import { useTranslation } from "react-i18next";
import { ContactForm } from "../contact/contact-form";
import { SectionHeading } from "./section-heading";

/** The #contact section; the form itself is its own component. */
export function ContactSection() {
  const { t } = useTranslation("landing");
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-20 py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="contact-title" title={t("contact.title")} intro={t("contact.intro")} />
        <div className="mt-10">
          <ContactForm />
        </div>
      </div>
    </section>
  );
}

// What the contact form needs once it is touched, in one chunk that never loads with the page:
// its validation, the API call, the proof of work and the confirmation shown after sending.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

export { validateContact as validate } from "../../../core/contact/schema";
export { sendContact as send } from "../../api/contact";
export { contactBotCheck as botCheck } from "../bot-check/load";

/** Replaces the form once the request was taken; the focus moves to its heading. */
export function ContactSent({ name }: { name: string }) {
  const { t } = useTranslation("contact");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="rounded-2xl border border-emerald-200 bg-emerald-50 p-8 text-center shadow-sm" role="status">
      <h3 ref={heading} tabIndex={-1} className="contact-rise text-2xl font-semibold text-slate-900" style={{ animationDelay: "0.2s" }}>
        {t("success.title", { name })}
      </h3>
      <p className="contact-rise mt-3 text-lg font-medium text-emerald-800" style={{ animationDelay: "0.45s" }}>
        {t("success.highlight")}
      </p>
      <p className="contact-rise mt-2 text-slate-700" style={{ animationDelay: "0.7s" }}>
        {t("success.message")}
      </p>
    </div>
  );
}

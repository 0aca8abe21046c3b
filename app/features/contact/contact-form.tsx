import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CONTACT_FIELDS, type ContactField, type ContactFieldErrors, HONEYPOT_FIELD } from "../../../core/contact/fields";
import { Button, TextField } from "../../ui";
// Its stylesheet (contact-form.css) comes with the landing page's route (app/routes/public/landing.tsx).
import { contactFieldId, onContactPrefill } from "./field-ids";

/** Translation namespace of the form; pages that show it list it in their `handle.i18n`. */
export const CONTACT_NAMESPACE = "contact";

type Status = "idle" | "submitting" | "success" | "error";
// The validation rules, the API client and the proof of work load when the visitor first reaches
// the form, not with the page.
let modules: typeof import("./contact-actions") | undefined;
async function loadModules() {
  modules ??= await import("./contact-actions");
  return modules;
}

type Values = Record<ContactField | typeof HONEYPOT_FIELD, string>;

const EMPTY: Values = { name: "", email: "", company: "", message: "", [HONEYPOT_FIELD]: "" };

/**
 * The contact form of the landing page's #contact section. Validates on submit, then on every
 * change; sends to POST /api/send-contact and is replaced by a confirmation on success.
 */
export function ContactForm() {
  const { t, i18n } = useTranslation(CONTACT_NAMESPACE);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<Status>("idle");
  const [banner, setBanner] = useState<string>();
  const [sentName, setSentName] = useState("");
  const inputs = useRef<Partial<Record<ContactField, HTMLElement | null>>>({});
  // A pricing card's plan goes into the message, unless the visitor has written one of their own.
  const prefilled = useRef("");
  useEffect(
    () =>
      onContactPrefill((text) =>
        setValues((v) => {
          if (v.message.trim() && v.message !== prefilled.current) return v;
          prefilled.current = text;
          return { ...v, message: text };
        }),
      ),
    [],
  );
  // The proof of work (docs/decisions/129) loads when the form is first touched, never with the
  // page, and solves in the background while the visitor types.
  const botBox = useRef<HTMLDivElement>(null);
  const bots = async () =>
    (await loadModules()).botCheck(botBox.current as HTMLElement, i18n.language, t("common:botCheck", { returnObjects: true }) as never);

  const fieldErrors = (next: Values) => {
    const result = modules?.validate(next);
    return !result || result.success ? {} : result.errors;
  };

  const change = (field: keyof Values, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(fieldErrors(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === "submitting") return;
    setSubmitted(true);
    setBanner(undefined);
    const { validate, send } = await loadModules();
    const result = validate(values);
    if (!result.success) {
      setErrors(result.errors);
      setStatus("idle");
      const first = CONTACT_FIELDS.find((f) => result.errors[f]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setErrors({});
    setStatus("submitting");
    try {
      const answer = await send(result.data, i18n.language, await (await bots()).headers());
      if (answer.ok) {
        setSentName(result.data.name);
        setStatus("success");
        return;
      }
      setBanner(answer.message ?? t("failed"));
      if (answer.errors) setErrors(answer.errors);
    } catch {
      setBanner(t("error"));
    }
    setStatus("error");
  };

  if (status === "success" && modules) return <modules.ContactSent name={sentName} />;

  // Messages from the client are keys; the server sends already translated text.
  const message = (field: ContactField) => {
    const value = errors[field];
    return value && i18n.exists(`${CONTACT_NAMESPACE}:${value}`) ? t(value) : value;
  };

  const field = (name: ContactField, opts: { type?: string; autoComplete: string; optional?: boolean; multiline?: number }) => (
    <TextField
      look="site"
      className={name === "company" || name === "message" ? "sm:col-span-2" : undefined}
      id={contactFieldId(name)}
      multiline={opts.multiline}
      label={
        <>
          {t(`form.${name}.label`)}
          {opts.optional && <span className="ml-1 font-normal text-slate-500">{t("form.company.optional")}</span>}
        </>
      }
      error={message(name)}
      ref={(el) => {
        inputs.current[name] = el;
      }}
      name={name}
      type={opts.type}
      autoComplete={opts.autoComplete}
      value={values[name]}
      onChange={(e) => change(name, e.target.value)}
      placeholder={t(`form.${name}.placeholder`)}
    />
  );

  const submitting = status === "submitting";
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      {banner && (
        <div role="alert" className="mb-6 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
          {banner}
        </div>
      )}
      <form
        noValidate
        onSubmit={submit}
        onFocus={() => void bots()}
        aria-label={t("form.label")}
        aria-busy={submitting}
        className="grid gap-5 sm:grid-cols-2"
      >
        {field("name", { type: "text", autoComplete: "name" })}
        {field("email", { type: "email", autoComplete: "email" })}
        {field("company", { type: "text", autoComplete: "organization", optional: true })}
        {field("message", { autoComplete: "off", optional: true, multiline: 5 })}
        {/* A trap for bots: hidden from people and assistive technology, so only a bot fills it. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor={contactFieldId(HONEYPOT_FIELD)}>{t("form.honeypot")}</label>
          <input
            id={contactFieldId(HONEYPOT_FIELD)}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={values[HONEYPOT_FIELD]}
            onChange={(e) => change(HONEYPOT_FIELD, e.target.value)}
          />
        </div>
        <div ref={botBox} className="empty:hidden sm:col-span-2" />
        <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">{t("form.privacy")}</p>
          <Button type="submit" variant="strong" size="3xl" disabled={submitting}>
            {submitting && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
            {submitting ? t("form.submitting") : t("form.submit")}
          </Button>
        </div>
      </form>
    </div>
  );
}

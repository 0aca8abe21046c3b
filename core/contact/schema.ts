import * as z from "zod/mini";

/**
 * The contact request rules, shared by the form and by POST /api/send-contact. Messages are keys
 * of the `contact` namespace, translated where they are shown. zod/mini keeps the page's JavaScript small.
 */
import { CONTACT_FIELDS, CONTACT_LIMITS, type ContactField, type ContactFieldErrors, HONEYPOT_FIELD } from "./fields";

export { CONTACT_FIELDS, CONTACT_LIMITS, type ContactField, type ContactFieldErrors, HONEYPOT_FIELD };

// Control characters would let a value break out of a mail header line, and markup brackets never
// belong in a name; rejecting both keeps stored data and every mail plain text.
const PLAIN_TEXT = /^[^\p{Cc}<>\u2028\u2029]*$/u;

// The name appears in the confirmation mail, which goes to whatever address was entered: a link or
// address in it (or in the company) would turn the form into a relay for someone else's message.
// Refused: a scheme (https://), www., an e-mail address, and a domain-like word (evil.example).
const LINK = /[a-z][a-z0-9+.-]*:\/\/|www\.|[^\s@]@[^\s@]|[\p{L}\p{N}-]\.\p{L}{2,}/iu;

const text = (max: number, tooLong: string) =>
  z.string().check(z.trim(), z.maxLength(max, tooLong), z.regex(PLAIN_TEXT, "form.invalidCharacters"));

/** A single-line value shown back to the sender: plain text without links or addresses. */
const shownText = (max: number, tooLong: string) => text(max, tooLong).check(z.refine((value) => !LINK.test(value), "form.noLinks"));

// The message reaches only the team: line breaks and links are fine, other control characters are not.
const MESSAGE_TEXT = /^[^\p{Cc}\u2028\u2029]*$/u;
const messageText = z.string().check(
  z.trim(),
  z.maxLength(CONTACT_LIMITS.messageMax, "form.message.tooLong"),
  z.refine((value) => MESSAGE_TEXT.test(value.replace(/[\r\n\t]/g, "")), "form.invalidCharacters"),
);

export const contactSchema = z.object({
  name: shownText(CONTACT_LIMITS.nameMax, "form.name.tooLong").check(z.minLength(CONTACT_LIMITS.nameMin, "form.name.error")),
  email: z.string().check(z.trim(), z.maxLength(CONTACT_LIMITS.emailMax, "form.email.tooLong"), z.email("form.email.error")),
  company: z.optional(shownText(CONTACT_LIMITS.companyMax, "form.company.tooLong")),
  message: z.optional(messageText),
  [HONEYPOT_FIELD]: z.optional(z.string()),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** The key of the message to show for a field when its value has the wrong type or is missing. */
const FALLBACK_KEY: Record<ContactField, string> = {
  name: "form.name.error",
  email: "form.email.error",
  company: "form.company.tooLong",
  message: "form.message.tooLong",
};

/** One message key per field (the first problem found) from the issues of a refused request, and one for the form when an issue names no field. */
export function contactErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): {
  errors: ContactFieldErrors;
  formError?: string;
} {
  const errors: ContactFieldErrors = {};
  let formError: string | undefined;
  for (const issue of issues) {
    const field = issue.path[0];
    if (field === "name" || field === "email" || field === "company" || field === "message") {
      errors[field] ??= issue.message.startsWith("form.") ? issue.message : FALLBACK_KEY[field];
    } else {
      formError ??= "form.invalid";
    }
  }
  return { errors, formError };
}

/** Validates a request; on failure gives one message key per field (the first problem found). */
export function validateContact(
  input: unknown,
): { success: true; data: ContactInput } | { success: false; errors: ContactFieldErrors; formError?: string } {
  const result = contactSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  return { success: false, ...contactErrorsOf(result.error.issues) };
}

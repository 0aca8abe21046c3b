/** Field names and limits of a contact request, without the validation code (see schema.ts). */
export const CONTACT_LIMITS = { nameMin: 2, nameMax: 100, emailMax: 254, companyMax: 200, messageMax: 2000 } as const;

export type ContactField = "name" | "email" | "company" | "message";

/** Fields a request may carry, in form order; `website` is the honeypot that people never see. */
export const CONTACT_FIELDS: readonly ContactField[] = ["name", "email", "company", "message"];
export const HONEYPOT_FIELD = "website";

export type ContactFieldErrors = Partial<Record<ContactField, string>>;

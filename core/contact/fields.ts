/** Field names and limits of a contact request, without the validation code (see contact-schema.ts). */
export const CONTACT_LIMITS = { nameMin: 2, nameMax: 100, emailMax: 254, companyMax: 200 } as const;

export type ContactField = "name" | "email" | "company";

/** Fields a request may carry; `website` is the honeypot that people never see. */
export const CONTACT_FIELDS: readonly ContactField[] = ["name", "email", "company"];
export const HONEYPOT_FIELD = "website";

export type ContactFieldErrors = Partial<Record<ContactField, string>>;

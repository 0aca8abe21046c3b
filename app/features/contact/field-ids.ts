/** The contact form's fields have fixed ids (the landing page holds one form), so other sections can point at them. */
export const contactFieldId = (field: string) => `contact-${field}`;
export const CONTACT_COMPANY_FIELD_ID = contactFieldId("company");

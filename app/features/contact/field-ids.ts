/** The contact form's fields have fixed ids (the landing page holds one form), so other sections can point at them. */
export const contactFieldId = (field: string) => `contact-${field}`;
export const CONTACT_COMPANY_FIELD_ID = contactFieldId("company");

/**
 * Another section asks the form to start its message with a text (the pricing cards name their plan).
 * An event on the window, not shared state: the sections hydrate on their own.
 */
const PREFILL_EVENT = "contact:prefill";

export function prefillContactMessage(message: string) {
  window.dispatchEvent(new CustomEvent<string>(PREFILL_EVENT, { detail: message }));
}

export function onContactPrefill(listener: (message: string) => void): () => void {
  const handle = (e: Event) => listener((e as CustomEvent<string>).detail);
  window.addEventListener(PREFILL_EVENT, handle);
  return () => window.removeEventListener(PREFILL_EVENT, handle);
}

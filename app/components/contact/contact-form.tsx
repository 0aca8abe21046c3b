/** The contact form of the landing page's #contact section. */
export function ContactForm() {
  return null;
}

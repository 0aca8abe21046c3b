/**
 * Site constants in one place. The company data are visibly example values: the operator replaces
 * them with the real legal entity before going live.
 */
export const SITE = {
  name: "Recruiting CRM",
  domain: "recruiting-crm.example",
  statusUrl: "https://status.recruiting-crm.example/",
  social: {
    linkedin: "https://www.linkedin.com/company/recruiting-crm-example",
    x: "https://x.com/recruitingcrm_example",
    youtube: "https://www.youtube.com/@recruiting-crm-example",
  },
  company: {
    legalName: "Example Recruiting Software GmbH",
    street: "Musterstraße 1",
    postalCode: "20095",
    city: "Hamburg",
    country: "Germany",
    countryCode: "DE",
    email: "hello@recruiting-crm.example",
    phone: "+49 40 0000000",
    managingDirectors: ["Erika Mustermann", "Max Mustermann"],
    registerCourt: "Amtsgericht Hamburg",
    registerNumber: "HRB 000000",
    vatId: "DE000000000",
  },
  /** Social image of every public page, 1200×630. */
  ogImagePath: "/og-image.png",
} as const;

/**
 * Prerendered pages are built before the deployment's address is known; they carry this origin,
 * which the server replaces with BASE_URL when it loads the pages.
 */
export const SITE_ORIGIN_PLACEHOLDER = "https://site-origin.invalid";

export const SITE = {
  domain: "recruiting-crm.example",
  extensionStoreUrl: "https://chromewebstore.google.com/",
} as const;

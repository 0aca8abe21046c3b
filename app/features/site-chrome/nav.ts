/** The site navigation: the home page and the landing page's sections. */
export const NAV_ITEMS = [
  { key: "home", to: "/" },
  { key: "howItWorks", to: "#how-it-works" },
  { key: "features", to: "#key-features" },
  { key: "pricing", to: "#pricing" },
  { key: "faq", to: "#faq" },
  { key: "contact", to: "#contact" },
] as const;

export const LEGAL_ITEMS = [
  { key: "privacyPolicy", to: "/privacy-policy" },
  { key: "imprint", to: "/imprint" },
  { key: "terms", to: "/terms" },
] as const;

/** Delay between arriving on the landing page and scrolling to a section. */
export const ANCHOR_SCROLL_DELAY_MS = 100;

import type { ComponentType } from "react";

// biome-ignore lint/suspicious/noExplicitAny: each island's own props, checked where it is placed (Island)
type Loader = () => Promise<ComponentType<any>>;

/**
 * Every island of the landing page and where its component comes from (decision 157). Each comes
 * from its own file and all are fetched with the page; what is heavy loads later inside its
 * component (the kanban demo's drag and drop, the proof of work).
 */
export const ISLANDS = {
  "skip-link": () => import("../ui/skip-link").then((m) => m.SkipLink),
  consent: () => import("../features/consent/consent-manager").then((m) => m.ConsentManager),
  header: () => import("../features/site-chrome/site-header").then((m) => m.SiteHeader),
  "how-it-works": () => import("../features/landing/how-it-works").then((m) => m.HowItWorks),
  kanban: () => import("../features/landing/kanban-section").then((m) => m.KanbanSection),
  highlight: () => import("../features/landing/highlight-section").then((m) => m.HighlightSection),
  pricing: () => import("../features/landing/pricing").then((m) => m.Pricing),
  faq: () => import("../features/landing/faq").then((m) => m.Faq),
  contact: () => import("../features/landing/contact-section").then((m) => m.ContactSection),
  footer: () => import("../features/site-chrome/site-footer").then((m) => m.SiteFooter),
  "back-to-top": () => import("../features/site-chrome/back-to-top").then((m) => m.BackToTop),
  "anchor-scroll": () => import("../features/site-chrome/anchor-scroll").then((m) => m.AnchorScroll),
} satisfies Record<string, Loader>;

export type IslandName = keyof typeof ISLANDS;

/**
 * When each island hydrates (decision 160), one island per task:
 * - `first`: at once. What a visitor may use as soon as the page shows, or what acts on the page's
 *   load; the contact form is among them because a pricing card's "Talk to sales" fills it in.
 * - `idle`: in the browser's next idle moments. What changes by itself, seen or not (the highlighted
 *   lists cycle).
 * - `near`: once it comes within two screens of the viewport, or at once when a pointer or the focus
 *   enters it, so the first click or key press on it is answered.
 */
export const HYDRATE: Record<IslandName, "first" | "idle" | "near"> = {
  "skip-link": "first",
  consent: "first",
  header: "first",
  contact: "first",
  "back-to-top": "first",
  "anchor-scroll": "first",
  highlight: "idle",
  "how-it-works": "near",
  kanban: "near",
  pricing: "near",
  faq: "near",
  footer: "near",
};

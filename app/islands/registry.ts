import type { ComponentType } from "react";

// biome-ignore lint/suspicious/noExplicitAny: each island's own props, checked where it is placed (Island)
type Loader = () => Promise<ComponentType<any>>;

/**
 * Every island of the landing page and where its component comes from (decision 157). All hydrate
 * with the page, each from its own file, so none misses a click made as soon as its section shows;
 * what is heavy loads later inside its component (the kanban demo's drag and drop, the proof of work).
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

import type { IconShape } from "../icon";

// The public site's icons (header, footer, landing page), kept apart from the account area's so
// each page downloads only its own.

export const menu: IconShape = { d: "M4 6h16M4 12h16M4 18h16" };
export const close: IconShape = { d: "M6 6l12 12M18 6 6 18" };
export const arrowUp: IconShape = { d: "M12 19V5m-7 7 7-7 7 7" };
export const check: IconShape = { d: "m5 12 5 5L20 7" };
export const chevronDown: IconShape = { d: "m6 9 6 6 6-6" };

/** The landing page's feature cards. */
export const FEATURE_ICONS = {
  linkedin: { d: "M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6zM2 9h4v12H2zM4 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4z" },
  contacts: {
    d: "M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm13 10v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8",
  },
  companies: { d: "M3 21h18M5 21V7l8-4v18M19 21V11l-6-4M9 9v.01M9 12v.01M9 15v.01M9 18v.01" },
  projects: { d: "M3 3v18h18M7 16l4-4 3 3 5-6" },
  documents: { d: "M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M8 13h8M8 17h5" },
  kanban: { d: "M3 3h18v18H3zM9 3v18M15 3v18M5 7h2M11 7h2M11 11h2M17 7h2" },
} satisfies Record<string, IconShape>;

export type FeatureIconName = keyof typeof FEATURE_ICONS;

/** The footer's social networks. */
export const SOCIAL_ICONS = {
  linkedin: {
    filled: true,
    d: "M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.75h4v11H3zm6.5 0h3.8v1.6h.06c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.77 2.65 4.77 6.1v5.35h-4v-4.75c0-1.13-.02-2.6-1.58-2.6-1.59 0-1.83 1.24-1.83 2.52v4.83h-4z",
  },
  x: { filled: true, d: "M17.7 3h3.1l-6.8 7.7L22 21h-6.3l-4.9-6.4L5.2 21H2.1l7.3-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.3 4.7H5.5z" },
  youtube: {
    filled: true,
    d: "M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z",
  },
} satisfies Record<string, IconShape>;

/**
 * The product's pages per language (SPEC section 2, route table). The server's routing, the
 * prerender list, the sitemap and the page metadata all read this one list.
 */
export interface PageDef {
  /** Path after the language prefix; "" is the landing page. */
  path: string;
  /** Key of the page title and description in the `common` catalog under `pages.` */
  key: string;
  robots: "index, follow" | "noindex, follow" | "noindex, nofollow";
  /** Public pages carry the site header and footer; account pages do not. */
  audience: "public" | "account";
}

export const PAGES: readonly PageDef[] = [
  { path: "", key: "landing", robots: "index, follow", audience: "public" },
  { path: "privacy-policy", key: "privacyPolicy", robots: "noindex, follow", audience: "public" },
  { path: "imprint", key: "imprint", robots: "noindex, follow", audience: "public" },
  { path: "terms", key: "terms", robots: "noindex, follow", audience: "public" },
  { path: "sign-up", key: "signUp", robots: "noindex, nofollow", audience: "account" },
  { path: "sign-in", key: "signIn", robots: "noindex, nofollow", audience: "account" },
  { path: "forgot-password", key: "forgotPassword", robots: "noindex, nofollow", audience: "account" },
  { path: "dashboard", key: "dashboard", robots: "noindex, nofollow", audience: "account" },
];

/** Pages reachable without a language prefix, redirected to their English version. */
export const PREFIXLESS_REDIRECTS = ["privacy-policy", "imprint", "terms", "sign-up", "sign-in", "dashboard"] as const;

/** Prerendered path of the not-found page of each language (served with status 404). */
export const NOT_FOUND_PATH = "404";

export function pageByPath(path: string): PageDef | undefined {
  return PAGES.find((p) => p.path === path);
}

/**
 * Client-rendered routes with parameters (after the language prefix), served the SPA shell.
 * Segments starting with ":" match any single segment.
 */
export const APP_SHELL_ROUTES: readonly string[] = ["teams/:teamId"];

/**
 * The product's pages, each served under /en and /de. Adding a page is its route module, one
 * entry here and its title and description in the `common` catalogs: the route config
 * (`app/routes.ts`), the prerender list, the server's routing and redirects, robots.txt, the
 * sitemap and the page metadata all read this one list. The build reads it in Node, so it imports nothing.
 */
export interface PageDef {
  /** Path after the language prefix; "" is the landing page. */
  path: string;
  /** Key of the page title and description in the `common` catalog under `pages.` */
  key: string;
  /** "noindex, nofollow" pages are also disallowed in robots.txt; public pages are in the sitemap. */
  robots: "index, follow" | "noindex, follow" | "noindex, nofollow";
  /** Public pages render inside the public layout (site header and footer); account pages do not. */
  audience: "public" | "account";
  /** Route module, relative to `app/`. */
  file: string;
  /** Whether the path without a language prefix redirects to the English page (default true). */
  prefixlessRedirect?: boolean;
}

/** What every account page tells robots. */
export const ACCOUNT_ROBOTS = "noindex, nofollow";

/** An account page: not indexed, not followed. */
export type AccountPageDef = PageDef & { audience: "account"; robots: typeof ACCOUNT_ROBOTS };

/** The pages of the public site (inside the site's header and footer); they load on the landing page. */
export const PUBLIC_PAGES: readonly PageDef[] = [
  { path: "", key: "landing", robots: "index, follow", audience: "public", file: "routes/public/landing.tsx" },
  { path: "privacy-policy", key: "privacyPolicy", robots: "noindex, follow", audience: "public", file: "routes/public/privacy-policy.tsx" },
  { path: "imprint", key: "imprint", robots: "noindex, follow", audience: "public", file: "routes/public/imprint.tsx" },
  { path: "terms", key: "terms", robots: "noindex, follow", audience: "public", file: "routes/public/terms.tsx" },
  { path: "developers", key: "developers", robots: "noindex, follow", audience: "public", file: "routes/public/developers.tsx" },
];

/**
 * The sign-in, sign-up and signed-in pages. They are never indexed nor followed (their robots value
 * is fixed by the type), so the page metadata needs no entry of theirs and the landing page does
 * not load this list.
 */
export const ACCOUNT_PAGES: readonly AccountPageDef[] = [
  { path: "sign-up", key: "signUp", robots: "noindex, nofollow", audience: "account", file: "routes/auth/sign-up.tsx" },
  { path: "sign-in", key: "signIn", robots: "noindex, nofollow", audience: "account", file: "routes/auth/sign-in.tsx" },
  {
    path: "sign-in/sso",
    key: "signInSso",
    robots: "noindex, nofollow",
    audience: "account",
    file: "routes/auth/sign-in-sso.tsx",
    prefixlessRedirect: false,
  },
  {
    path: "forgot-password",
    key: "forgotPassword",
    robots: "noindex, nofollow",
    audience: "account",
    file: "routes/auth/forgot-password.tsx",
    prefixlessRedirect: false,
  },
  {
    path: "legal-consent",
    key: "legalConsent",
    robots: "noindex, nofollow",
    audience: "account",
    file: "routes/auth/legal-consent.tsx",
    prefixlessRedirect: false,
  },
  {
    path: "account-deleted",
    key: "accountDeleted",
    robots: "noindex, nofollow",
    audience: "account",
    file: "routes/auth/account-deleted.tsx",
    prefixlessRedirect: false,
  },
  { path: "dashboard", key: "dashboard", robots: "noindex, nofollow", audience: "account", file: "routes/account/dashboard.tsx" },
  { path: "account", key: "account", robots: "noindex, nofollow", audience: "account", file: "routes/account/profile.tsx" },
  {
    path: "account/security",
    key: "accountSecurity",
    robots: "noindex, nofollow",
    audience: "account",
    file: "routes/account/security.tsx",
  },
  {
    path: "account/api-keys",
    key: "apiKeys",
    robots: "noindex, nofollow",
    audience: "account",
    file: "routes/account/api-keys.tsx",
  },
  {
    path: "account/data-export",
    key: "dataExport",
    robots: "noindex, nofollow",
    audience: "account",
    file: "routes/account/data-export.tsx",
    prefixlessRedirect: false,
  },
  { path: "teams", key: "teams", robots: "noindex, nofollow", audience: "account", file: "routes/account/teams.tsx" },
  {
    // The authorization server sends a browser to /oauth/consent, which picks the language (server/oauth/routes.ts).
    path: "oauth/consent",
    key: "oauthConsent",
    robots: "noindex, nofollow",
    audience: "account",
    file: "routes/auth/oauth-consent.tsx",
    prefixlessRedirect: false,
  },
  { path: "admin", key: "operatorOverview", robots: "noindex, nofollow", audience: "account", file: "routes/operator/overview.tsx" },
  { path: "admin/users", key: "operatorUsers", robots: "noindex, nofollow", audience: "account", file: "routes/operator/users.tsx" },
  {
    path: "admin/subscriptions",
    key: "operatorSubscriptions",
    robots: "noindex, nofollow",
    audience: "account",
    file: "routes/operator/subscriptions.tsx",
  },
  {
    path: "admin/contact-requests",
    key: "operatorContactRequests",
    robots: "noindex, nofollow",
    audience: "account",
    file: "routes/operator/contact-requests.tsx",
  },
  {
    path: "admin/audit-log",
    key: "operatorAuditLog",
    robots: "noindex, nofollow",
    audience: "account",
    file: "routes/operator/audit-log.tsx",
  },
  { path: "admin/teams", key: "operatorTeams", robots: "noindex, nofollow", audience: "account", file: "routes/operator/teams.tsx" },
  { path: "admin/apps", key: "operatorApps", robots: "noindex, nofollow", audience: "account", file: "routes/operator/apps.tsx" },
];

// Marked pure so that a bundle using only PUBLIC_PAGES (the page metadata) leaves the rest out.
export const PAGES: readonly PageDef[] = /* @__PURE__ */ PUBLIC_PAGES.concat(ACCOUNT_PAGES);

/**
 * Client-rendered routes with parameters (after the language prefix): not prerendered, served the
 * app shell. Segments starting with ":" match any single segment.
 */
export const APP_SHELL_PAGES: readonly { path: string; file: string }[] = [
  { path: "teams/:teamId", file: "routes/account/team-general.tsx" },
  { path: "teams/invitations/:invitationId", file: "routes/account/team-invitation.tsx" },
  { path: "teams/:teamId/members", file: "routes/account/team-members.tsx" },
  { path: "teams/:teamId/billing", file: "routes/account/team-billing.tsx" },
  { path: "teams/:teamId/sso", file: "routes/account/team-sso.tsx" },
  { path: "teams/:teamId/sso/test", file: "routes/account/team-sso-test.tsx" },
  { path: "teams/:teamId/api-keys", file: "routes/account/team-api-keys.tsx" },
  { path: "admin/users/:userId", file: "routes/operator/user.tsx" },
  { path: "admin/teams/:teamId", file: "routes/operator/team.tsx" },
];

/** Prerendered path of the not-found page of each language (served with status 404). */
export const NOT_FOUND_PATH = "404";

/** The sitemap lists the public pages. */
export function inSitemap(page: PageDef): boolean {
  return page.audience === "public";
}

/** robots.txt disallows the pages that ask not to be followed. */
export function disallowedInRobots(page: PageDef): boolean {
  return page.robots === "noindex, nofollow";
}

/** The page's path without a language prefix redirects to English ("/" itself picks a language). */
export function redirectsWithoutPrefix(page: PageDef): boolean {
  return page.path !== "" && page.prefixlessRedirect !== false;
}

/** A page's path with its language prefix: "/en", "/en/terms". */
export function localizedPath(lang: string, path: string): string {
  return path ? `/${lang}/${path}` : `/${lang}`;
}

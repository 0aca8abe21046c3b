import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Links, Outlet, Scripts, ScrollRestoration, useLocation, useMatches } from "react-router";
import { DEFAULT_LANGUAGE, languageOfPath } from "../../core/languages";
import { ACCOUNT_ROBOTS } from "../../core/pages";
import { namespacesOf, RESOURCES_SCRIPT_ID } from "../i18n/i18n";
import { PageSpinner } from "../ui";
import { SIGNED_IN_SCRIPT, syncSignedIn } from "./signed-in";

export function Layout({ children }: { children: ReactNode }) {
  const lang = languageOfPath(useLocation().pathname) ?? DEFAULT_LANGUAGE;
  return (
    // The head script below marks the document signed in before React sees it.
    <html lang={lang} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Links />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, hashed into the page's policy */}
        <script dangerouslySetInnerHTML={{ __html: SIGNED_IN_SCRIPT }} />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {children}
        <TranslationData />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Embeds the page's catalogs so the browser hydrates without fetching them again. */
function TranslationData() {
  const { i18n } = useTranslation();
  const matches = useMatches();
  const store = i18n.store?.data[i18n.language] ?? {};
  const data = Object.fromEntries(
    namespacesOf(matches)
      .filter((ns) => store[ns])
      .map((ns) => [ns, store[ns]]),
  );
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  // A JSON data block, escaped above; it is not executed.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: serialized catalog data
  return <script id={RESOURCES_SCRIPT_ID} type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}

export default function App() {
  // Marks the document interactive once hydrated: the pages start their JavaScript after the first
  // paint, so the load event no longer says when controls respond (monitoring and tests wait for this).
  useEffect(() => {
    document.documentElement.dataset.interactive = "";
  }, []);
  // Signing in or out happens without a page load: the header's choice follows on the next page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each navigation
  useEffect(syncSignedIn, [useLocation().pathname]);
  return <Outlet />;
}

/**
 * The app shell: served for the pages with an id in the address until their route loads. The build
 * copies it into each language (scripts/finish-build.mjs), so its texts come from `common` only.
 */
export function HydrateFallback() {
  const { t } = useTranslation("common");
  return (
    <>
      <title>{t("pages.shell.title")}</title>
      <meta name="robots" content={ACCOUNT_ROBOTS} />
      <PageSpinner />
    </>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const { t } = useTranslation("errors");
  const message = isRouteErrorResponse(error) && error.status === 404 ? t("notFound") : t("internal");
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-semibold">{message}</h1>
    </main>
  );
}

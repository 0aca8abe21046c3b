import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { ConsentManager } from "../../features/consent/consent-manager";
import { AnchorScroll } from "../../features/site-chrome/anchor-scroll";
import { BackToTop } from "../../features/site-chrome/back-to-top";
import { SiteFooter } from "../../features/site-chrome/site-footer";
import { SiteHeader } from "../../features/site-chrome/site-header";

export const handle = { i18n: ["site", "consent"] };

/** Site header and footer around the public pages, with the cookie banner and back-to-top. */
export default function PublicLayout() {
  const { t } = useTranslation("common");
  // A full-height column: the footer sits at the bottom of the window even on a short page.
  return (
    <div className="flex min-h-dvh flex-col">
      {/* First in the document, so the cookie banner's buttons are the first Tab stops; it shows at the bottom. */}
      <ConsentManager />
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is an anchor by convention; it must not put a hash in the URL */}
      <a
        href="#main"
        onClick={(event) => {
          // Focus the content without putting a hash in the URL (a hash means a landing section).
          event.preventDefault();
          document.getElementById("main")?.focus();
        }}
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:shadow"
      >
        {t("skipToContent")}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <BackToTop />
      <AnchorScroll />
    </div>
  );
}

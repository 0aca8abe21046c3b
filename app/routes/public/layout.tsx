import { Outlet } from "react-router";
import { ConsentManager } from "../../features/consent/consent-manager";
import { AnchorScroll } from "../../features/site-chrome/anchor-scroll";
import { BackToTop } from "../../features/site-chrome/back-to-top";
import { SiteFooter } from "../../features/site-chrome/site-footer";
import { SiteHeader } from "../../features/site-chrome/site-header";
import { Island } from "../../islands/island";
import { SkipLink } from "../../ui";

export const handle = { i18n: ["site", "consent"] };

/** Site header and footer around the public pages, with the cookie banner and back-to-top. */
export default function PublicLayout() {
  // A full-height column: the footer sits at the bottom of the window even on a short page.
  return (
    <div className="flex min-h-dvh flex-col">
      {/* The skip link first (a skip link precedes every other link), then the cookie banner, shown at the bottom. */}
      <Island name="skip-link">
        <SkipLink />
      </Island>
      <Island name="consent">
        <ConsentManager />
      </Island>
      <Island name="header">
        <SiteHeader />
      </Island>
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        <Outlet />
      </main>
      <Island name="footer">
        <SiteFooter />
      </Island>
      <Island name="back-to-top">
        <BackToTop />
      </Island>
      <Island name="anchor-scroll">
        <AnchorScroll />
      </Island>
    </div>
  );
}

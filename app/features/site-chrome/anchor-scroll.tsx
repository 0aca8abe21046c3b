import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { pathWithoutLanguage, useLanguage } from "../../i18n";
import { ANCHOR_SCROLL_DELAY_MS } from "./nav";
import { scrollToId } from "./scroll";
import type { ScrollToState } from "./site-link";

/**
 * Section anchors: on the landing page a hash scrolls smoothly there after about 100 ms; a section
 * requested from another page is jumped to after the same wait, without passing through the page
 * (decision 119); a hash on any other page redirects to the landing page.
 */
export function AnchorScroll() {
  const { pathname, hash, state, key } = useLocation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const onHome = pathWithoutLanguage(pathname) === "";
  const { scrollTo: requested, keepPlace } = (state ?? {}) as Partial<ScrollToState> & { keepPlace?: boolean };
  const target = requested ?? (hash ? decodeURIComponent(hash.slice(1)) : "");

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation (location key)
  useEffect(() => {
    // A language switch keeps the reader's place (app/i18n/language-switcher.tsx) instead.
    if (!target || keepPlace) return;
    if (!onHome) {
      navigate(`/${lang}`, { replace: true, state: { scrollTo: target } satisfies ScrollToState });
      return;
    }
    let tries = 0;
    let timer = window.setTimeout(function attempt() {
      // The landing page may still be loading its translations after a client-side navigation.
      if (scrollToId(target, Boolean(requested)) || ++tries > 30) {
        if (!hash) window.history.replaceState(window.history.state, "", `#${target}`);
        return;
      }
      timer = window.setTimeout(attempt, ANCHOR_SCROLL_DELAY_MS);
    }, ANCHOR_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [key]);

  return null;
}

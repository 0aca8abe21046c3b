import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { pathWithoutLanguage, useLanguage } from "../../i18n";
import { ANCHOR_SCROLL_DELAY_MS } from "./nav";
import { scrollToId } from "./scroll";
import type { ScrollToState } from "./site-link";

/**
 * Section anchors: on the landing page a hash or a requested section scrolls
 * smoothly there after about 100 ms; a hash on any other page redirects to the landing page.
 */
export function AnchorScroll() {
  const { pathname, hash, state, key } = useLocation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const onHome = pathWithoutLanguage(pathname) === "";
  const target = (state as ScrollToState | null)?.scrollTo ?? (hash ? decodeURIComponent(hash.slice(1)) : "");

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation (location key)
  useEffect(() => {
    if (!target) return;
    if (!onHome) {
      navigate(`/${lang}`, { replace: true, state: { scrollTo: target } satisfies ScrollToState });
      return;
    }
    let tries = 0;
    let timer = window.setTimeout(function attempt() {
      // The landing page may still be loading its translations after a client-side navigation.
      if (scrollToId(target) || ++tries > 30) {
        if (!hash) window.history.replaceState(window.history.state, "", `#${target}`);
        return;
      }
      timer = window.setTimeout(attempt, ANCHOR_SCROLL_DELAY_MS);
    }, ANCHOR_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [key]);

  return null;
}

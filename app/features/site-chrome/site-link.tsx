import type { MouseEvent, ReactNode } from "react";
import { NavLink, useLocation, useNavigate } from "react-router";
import { localizedHref, pathWithoutLanguage, useLanguage } from "../../i18n";
import { scrollToId } from "./scroll";

interface Props {
  to: string;
  className?: string;
  children: ReactNode;
  /** Called after the link was chosen (the mobile menu closes itself). */
  onNavigate?: () => void;
}

/** State handed to the landing page when an anchor link was chosen on another page. */
export interface ScrollToState {
  scrollTo: string;
}

/**
 * A site link: internal paths get the language prefix, scroll to the top
 * and mark the current page; "#section" links scroll smoothly on the landing page, or go there first.
 */
export function SiteLink({ to, className, children, onNavigate }: Props) {
  const lang = useLanguage();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  if (to.startsWith("#")) {
    const id = to.slice(1);
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      onNavigate?.();
      if (pathWithoutLanguage(pathname) === "") {
        window.history.replaceState(window.history.state, "", `#${id}`);
        scrollToId(id);
      } else {
        navigate(`/${lang}`, { state: { scrollTo: id } satisfies ScrollToState });
      }
    };
    return (
      <a href={`/${lang}${to}`} className={className} onClick={onClick}>
        {children}
      </a>
    );
  }

  const href = localizedHref(to, lang);
  const onClick = () => {
    onNavigate?.();
    // The router scrolls to the top on navigation; choosing the current page scrolls up too.
    if (href === pathname) window.scrollTo({ top: 0, behavior: "smooth" });
  };
  return (
    <NavLink end to={href} className={className} onClick={onClick}>
      {children}
    </NavLink>
  );
}

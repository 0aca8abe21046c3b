// What the landing page's islands use of React Router, over the browser's location (decision 157):
// the islands build aliases `react-router` to this module. Leaving the landing page is a page load.
import { type AnchorHTMLAttributes, createElement, type ReactNode } from "react";

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "className"> {
  to: string;
  // What only the router reads: not attributes of the link.
  end?: boolean;
  preventScrollReset?: boolean;
  replace?: boolean;
  state?: unknown;
  className?: string | ((state: { isActive: boolean }) => string);
  children?: ReactNode;
}

function anchor({ to, end: _end, preventScrollReset: _p, replace: _r, state: _s, className, ...rest }: LinkProps) {
  const isActive = to === window.location.pathname;
  const cls = typeof className === "function" ? className({ isActive }) : className;
  return createElement("a", { ...rest, href: to, className: cls, "aria-current": isActive ? "page" : undefined });
}

export const Link = anchor;
export const NavLink = anchor;

export function useLocation() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: window.history.state?.usr ?? null, key: "default" };
}

export function useNavigate() {
  return (to: string) => window.location.assign(to);
}

export function useParams(): { lang?: string } {
  return { lang: window.location.pathname.split("/")[1] };
}

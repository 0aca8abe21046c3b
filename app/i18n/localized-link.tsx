import type { ComponentProps } from "react";
import { Link, NavLink } from "react-router";
import { localizedHref } from "./paths";
import { useLanguage } from "./use-language";

type Props = Omit<ComponentProps<typeof Link>, "to"> & { to: string };

/** An internal link that carries the current language prefix. */
export function LocalizedLink({ to, ...props }: Props) {
  const lang = useLanguage();
  return <Link to={localizedHref(to, lang)} {...props} />;
}

/** Like LocalizedLink, and marks the link of the current page with aria-current="page". */
export function LocalizedNavLink({ to, ...props }: Omit<ComponentProps<typeof NavLink>, "to"> & { to: string }) {
  const lang = useLanguage();
  return <NavLink end to={localizedHref(to, lang)} {...props} />;
}

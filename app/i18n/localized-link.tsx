import type { ComponentProps } from "react";
import { Link } from "react-router";
import { localizedHref } from "./paths";
import { useLanguage } from "./use-language";

type Props = Omit<ComponentProps<typeof Link>, "to"> & { to: string };

/** An internal link that carries the current language prefix. */
export function LocalizedLink({ to, ...props }: Props) {
  const lang = useLanguage();
  return <Link to={localizedHref(to, lang)} {...props} />;
}

import { useTranslation } from "react-i18next";
import { SITE } from "../site/config";
import { LogoMark } from "./icons/logo";

/**
 * The product's logo, the same on every page: the mark and the product's name. The link around it
 * (home page, dashboard) is the page's; the colour comes from the surrounding text.
 */
/** `nameClassName`: where a header is crowded, the name may give way to the mark alone (it stays readable to screen readers). */
export function Logo({ nameClassName }: { nameClassName?: string } = {}) {
  return (
    <span className="flex shrink-0 items-center gap-2 font-semibold">
      <LogoMark />
      <span className={nameClassName}>{SITE.name}</span>
    </span>
  );
}

/**
 * The one copyright line of the site and the account area: the current year and the legal entity. A
 * prerendered page carries its build's year; hydration puts in the visitor's when a new year began since.
 */
export function Copyright({ className }: { className?: string }) {
  const { t } = useTranslation("common");
  return (
    <p className={className} suppressHydrationWarning>
      {t("copyright", { year: new Date().getFullYear(), company: SITE.company.legalName })}
    </p>
  );
}

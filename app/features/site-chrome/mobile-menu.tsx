import { type MouseEvent, type RefObject, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "../../i18n";
import { buttonClass, StoreLink } from "../../ui";
import { LEGAL_ITEMS, NAV_ITEMS } from "./nav";
import { SiteLink } from "./site-link";
import { useFocusTrap } from "./use-focus-trap";

const item = "block rounded-lg px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-100 aria-[current=page]:text-blue-700";

/** The phone menu: every site link; choosing one closes it, Escape too, and Tab stays inside. */
export function MobileMenu({ trap, onClose }: { trap: RefObject<HTMLElement | null>; onClose: () => void }) {
  const { t } = useTranslation("site");
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(trap, true, onClose);
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>("a")?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);
  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as Element).closest("a")) onClose();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: clicks bubble from the links inside; keyboard users activate those links
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <div
      ref={panel}
      id="mobile-menu"
      onClick={closeOnLink}
      className="absolute inset-x-0 top-full h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pb-8 pt-4"
    >
      <LanguageSwitcher />
      <nav aria-label={t("nav.label")} className="mt-4">
        <ul>
          {NAV_ITEMS.map((n) => (
            <li key={n.key}>
              <SiteLink to={n.to} className={item}>
                {t(`nav.${n.key}`)}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
      <ul className="mt-4 border-t border-slate-200 pt-4">
        {LEGAL_ITEMS.map((n) => (
          <li key={n.key}>
            <SiteLink to={n.to} className={`${item} text-sm text-slate-600`}>
              {t(`legalLinks.${n.key}`)}
            </SiteLink>
          </li>
        ))}
      </ul>
      <div className="mt-6 grid gap-3">
        <SiteLink
          to="/sign-in"
          className={buttonClass({ variant: "secondary", size: "xl", pill: true, weight: "medium" }, "text-center signed-in:hidden")}
        >
          {t("header.login")}
        </SiteLink>
        <StoreLink className={buttonClass({ variant: "soft", size: "xl", pill: true }, "text-center")} newTab={t("newTab")}>
          {t("header.installPlugin")}
        </StoreLink>
        <SiteLink to="/sign-up" className={buttonClass({ variant: "primary", size: "xl", pill: true }, "text-center signed-in:hidden")}>
          {t("header.signUp")}
        </SiteLink>
        <SiteLink to="/dashboard" className={buttonClass({ variant: "primary", size: "xl", pill: true }, "text-center signed-out:hidden")}>
          {t("header.dashboard")}
        </SiteLink>
      </div>
    </div>
  );
}

import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher, LocalizedLink } from "../../i18n";
import { buttonClass, Icon, Logo, StoreLink } from "../../ui";
import { close, menu } from "../../ui/icons/site";
import { MobileMenu } from "./mobile-menu";
import { NAV_ITEMS } from "./nav";
import { SiteLink } from "./site-link";
import { useHeadroom } from "./use-headroom";

const pill =
  "whitespace-nowrap rounded-full px-2.5 py-1.5 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:bg-blue-50 aria-[current=page]:text-blue-700";

/** The fixed site header: hides on scroll down, shows on scroll up. */
export function SiteHeader() {
  const { t } = useTranslation("site");
  const header = useRef<HTMLElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const state = useHeadroom(header, menuOpen);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <header
      ref={header}
      data-state={state}
      // The open phone menu is above the cookie banner: it holds the focus until it is closed.
      className={`fixed inset-x-0 top-0 ${menuOpen ? "z-[60]" : "z-40"} border-b border-transparent bg-white/90 backdrop-blur transition-transform duration-200 ease-out data-[state=pinned]:border-slate-200 data-[state=pinned]:shadow-sm data-[state=unpinned]:-translate-y-full motion-reduce:transition-none`}
    >
      {/*
        The full bar needs about 1,180 px in German: it shows from 1280 px in a container wider than
        the page's, and narrower windows get the menu. Nothing in it wraps.
      */}
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 whitespace-nowrap px-4 sm:px-6 xl:max-w-7xl">
        <LocalizedLink to="/" className="shrink-0 rounded-md text-slate-900">
          <Logo />
        </LocalizedLink>
        <nav aria-label={t("nav.label")} className="hidden xl:block">
          <ul className="flex items-center gap-0.5">
            {NAV_ITEMS.map((item) => (
              <li key={item.key}>
                <SiteLink to={item.to} className={pill}>
                  {t(`nav.${item.key}`)}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-2 xl:flex">
          <StoreLink className={buttonClass({ variant: "quietBlue", size: "xs", pill: true })} newTab={t("newTab")}>
            {t("header.installPlugin")}
          </StoreLink>
          {/* Both are in the page; the signed-in hint decides which shows, before the first paint. */}
          <LocalizedLink to="/sign-in" className={buttonClass({ variant: "quiet", size: "xs", pill: true }, "signed-in:hidden")}>
            {t("header.login")}
          </LocalizedLink>
          <LocalizedLink to="/sign-up" className={buttonClass({ variant: "primary", size: "sm", pill: true }, "signed-in:hidden")}>
            {t("header.signUp")}
          </LocalizedLink>
          <LocalizedLink to="/dashboard" className={buttonClass({ variant: "primary", size: "sm", pill: true }, "signed-out:hidden")}>
            {t("header.dashboard")}
          </LocalizedLink>
          <LanguageSwitcher />
        </div>
        <MobileMenuToggle open={menuOpen} onToggle={() => setMenuOpen((o) => !o)} onClose={closeMenu} />
      </div>
    </header>
  );
}

function MobileMenuToggle({ open, onToggle, onClose }: { open: boolean; onToggle: () => void; onClose: () => void }) {
  const { t } = useTranslation("site");
  const trap = useRef<HTMLDivElement>(null);
  return (
    <div ref={trap} className="xl:hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={onToggle}
        className="grid size-11 place-items-center rounded-lg text-slate-800 hover:bg-slate-100"
      >
        <Icon icon={open ? close : menu} />
        <span className="sr-only">{open ? t("header.closeMenu") : t("header.openMenu")}</span>
      </button>
      {open && <MobileMenu trap={trap} onClose={onClose} />}
    </div>
  );
}

import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { openBillingPortal } from "../../api/billing";
import { LocalizedLink, useLanguage } from "../../i18n";
import { authClient } from "../../identity/client";

/** The dashboard's user menu: Pro badge, the active team, Teams, Manage subscription (active pro only) and sign-out. */
export function UserMenu({ name, email, isPro, activeTeam }: { name: string; email: string; isPro: boolean; activeTeam?: string | null }) {
  const { t } = useTranslation("dashboard");
  const lang = useLanguage();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  async function signOut() {
    await authClient.signOut();
    navigate(`/${lang}/sign-in`, { replace: true });
  }

  const initial = (name || email).trim().charAt(0).toUpperCase() || "?";
  const item = "block w-full rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100";
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pr-3 pl-1 hover:bg-slate-50"
      >
        <span aria-hidden="true" className="grid size-8 place-items-center rounded-full bg-blue-700 text-sm font-semibold text-white">
          {initial}
        </span>
        <span className="sr-only">{t("userMenu.open")}</span>
        <span aria-hidden="true" className="hidden max-w-40 truncate text-sm font-medium text-slate-800 sm:inline">
          {name || email}
        </span>
        {isPro && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">{t("userMenu.pro")}</span>}
      </button>
      {open && (
        <div id={panelId} className="absolute right-0 z-20 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
          <div className="border-b border-slate-100 px-3 pt-1 pb-3">
            <p className="truncate font-semibold text-slate-900">{name || email}</p>
            <p className="truncate text-sm text-slate-600">{email}</p>
            <p className="mt-2 truncate text-sm text-slate-800">
              {activeTeam ? t("userMenu.activeTeam", { name: activeTeam }) : t("userMenu.personalAccount")}
            </p>
          </div>
          <ul className="mt-2 space-y-1">
            <li>
              <LocalizedLink to="/teams" className={item}>
                {t("userMenu.teams")}
              </LocalizedLink>
            </li>
            {isPro && (
              <li>
                <button type="button" className={item} onClick={() => openBillingPortal(lang)}>
                  {t("userMenu.manageSubscription")}
                </button>
              </li>
            )}
            <li>
              <button type="button" className={item} onClick={signOut}>
                {t("userMenu.signOut")}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}

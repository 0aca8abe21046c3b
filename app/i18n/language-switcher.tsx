import { useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { LANGUAGES, type Language } from "../../core/languages";
import { switchLanguagePath } from "./paths";
import { useLanguage } from "./use-language";

/** Each language by its own name, as a visitor who reads it looks for it. */
const LANGUAGE_NAMES: Record<Language, string> = { en: "English", de: "Deutsch" };

/**
 * What the reader saw at the top of the window when switching language: an element of the page's
 * content, by its child positions below `main` (both languages render the same structure), and
 * its distance from the window's top. Pixels alone would not do: the other language's text is longer.
 * Kept in the session's storage, as the landing page switches language by loading the other one
 * (its islands have no router, decision 157), with the page it is meant for.
 */
const READING_KEY = "language-switch-place";

function rememberReading(to: string) {
  const main = document.getElementById("main");
  // Below the fixed site header; the deepest element there that is part of the content.
  const el =
    main && window.scrollY > 0 ? document.elementsFromPoint(window.innerWidth / 2, 80).find((e) => e !== main && main.contains(e)) : null;
  if (!main || !el) return;
  const path: number[] = [];
  for (let node = el; node !== main && node.parentElement; node = node.parentElement)
    path.unshift([...node.parentElement.children].indexOf(node));
  sessionStorage.setItem(READING_KEY, JSON.stringify({ to, path, top: el.getBoundingClientRect().top }));
}

function restoreReading() {
  const saved = sessionStorage.getItem(READING_KEY);
  if (!saved) return;
  sessionStorage.removeItem(READING_KEY);
  const last = JSON.parse(saved) as { to: string; path: number[]; top: number };
  let el = document.getElementById("main") as Element | null;
  if (last.to !== window.location.pathname || !el) return;
  for (const index of last.path) el = el.children[index] ?? el;
  window.scrollBy(0, el.getBoundingClientRect().top - last.top);
}

/**
 * EN / DE links to the same page in the other language; the active one is marked. Switching keeps
 * the place: the router leaves the scroll position alone and the same element comes back to where it was.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation("common");
  const current = useLanguage();
  const { pathname, search, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the other language's page is in place
  useLayoutEffect(restoreReading, [pathname]);
  return (
    <nav aria-label={t("languageSwitcher.label")}>
      <ul className="flex gap-1">
        {LANGUAGES.map((lng) => (
          <li key={lng}>
            <Link
              to={`${switchLanguagePath(pathname, lng)}${search}${hash}`}
              preventScrollReset
              // Tells the landing page not to scroll to the hash's section (app/features/site-chrome/anchor-scroll.tsx).
              state={{ keepPlace: true }}
              onClick={() => rememberReading(switchLanguagePath(pathname, lng))}
              hrefLang={lng}
              lang={lng}
              aria-current={lng === current ? "true" : undefined}
              aria-label={LANGUAGE_NAMES[lng]}
              className="rounded px-2 py-1 text-sm font-medium uppercase aria-[current]:bg-blue-600 aria-[current]:text-white"
            >
              {lng.toUpperCase()}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

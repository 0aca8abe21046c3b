import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { LANGUAGES, type Language } from "../../core/languages";
import { switchLanguagePath } from "./paths";
import { useLanguage } from "./use-language";

/** Each language by its own name, as a visitor who reads it looks for it. */
const LANGUAGE_NAMES: Record<Language, string> = { en: "English", de: "Deutsch" };

/** EN / DE links to the same page in the other language; the active one is marked. */
export function LanguageSwitcher() {
  const { t } = useTranslation("common");
  const current = useLanguage();
  const { pathname, search, hash } = useLocation();
  return (
    <nav aria-label={t("languageSwitcher.label")}>
      <ul className="flex gap-1">
        {LANGUAGES.map((lng) => (
          <li key={lng}>
            <Link
              to={`${switchLanguagePath(pathname, lng)}${search}${hash}`}
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

import { useParams } from "react-router";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../core/languages";

/** The language of the current route (its `:lang` segment). */
export function useLanguage(): Language {
  const { lang } = useParams();
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

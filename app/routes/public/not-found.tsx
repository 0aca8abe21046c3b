import { useTranslation } from "react-i18next";
import { LocalizedLink } from "../../i18n/localized-link";
import { useLanguage } from "../../i18n/use-language";

export function NotFoundPage() {
  const { t } = useTranslation("common");
  return (
    <div className="mx-auto max-w-xl p-8 text-center">
      <title>{t("pages.notFound.title")}</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="text-3xl font-bold">{t("notFound.heading")}</h1>
      <p className="mt-4 text-slate-700">{t("notFound.text")}</p>
      <LocalizedLink to="/" className="mt-6 inline-block rounded-lg bg-blue-600 px-4 py-2 font-medium text-white">
        {t("notFound.home")}
      </LocalizedLink>
    </div>
  );
}

/** Any unknown path below a language; the server answers it with status 404. */
export default function NotFound() {
  useLanguage();
  return <NotFoundPage />;
}

import { useTranslation } from "react-i18next";
import { LocalizedLink, useLanguage } from "../../i18n";
import { buttonClass } from "../../ui";

export function NotFoundPage() {
  const { t } = useTranslation("common");
  return (
    <div className="mx-auto max-w-xl p-8 text-center">
      <title>{t("pages.notFound.title")}</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="text-3xl font-bold">{t("notFound.heading")}</h1>
      <p className="mt-4 text-slate-700">{t("notFound.text")}</p>
      <LocalizedLink to="/" className={buttonClass({ variant: "primary", size: "lg", weight: "medium" }, "mt-6")}>
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

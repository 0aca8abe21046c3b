import { useTranslation } from "react-i18next";
import { buttonClass } from "../../ui";
import { SiteLink } from "../site-chrome/site-link";

export function ClosingCta() {
  const { t } = useTranslation("landing");
  return (
    <section aria-labelledby="closing-title" className="px-4 pb-20 sm:px-6">
      <div className="mx-auto max-w-6xl rounded-3xl bg-gradient-to-br from-blue-600 to-indigo-700 px-6 py-16 text-center text-white shadow-xl">
        <h2 id="closing-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t("closing.title")}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-50">{t("closing.text")}</p>
        <SiteLink to="/sign-up" className={buttonClass({ variant: "inverse", size: "3xl", pill: true }, "mt-8 shadow")}>
          {t("closing.button")}
        </SiteLink>
      </div>
    </section>
  );
}

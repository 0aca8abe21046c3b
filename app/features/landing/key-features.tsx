import { useTranslation } from "react-i18next";
import { buttonClass, Icon, StoreLink } from "../../ui";
import { FEATURE_ICONS, type FeatureIconName } from "../../ui/icons/site";
import { SectionHeading } from "./section-heading";

/** The grid's cells in order: four features, the try-it call-to-action, two more features. */
const CELLS: readonly (FeatureIconName | "cta")[] = ["linkedin", "contacts", "companies", "projects", "cta", "documents", "kanban"];

export function KeyFeatures() {
  const { t } = useTranslation("landing");
  return (
    <section id="key-features" aria-labelledby="key-features-title" className="scroll-mt-20 bg-slate-50 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="key-features-title" title={t("features.title")} intro={t("features.intro")} />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {CELLS.map((cell) =>
            cell === "cta" ? (
              <li key={cell} className="rounded-2xl bg-blue-600 p-6 text-white shadow-lg sm:col-span-2 lg:col-span-2">
                <h3 className="text-xl font-semibold">{t("features.cta.title")}</h3>
                <p className="mt-2 max-w-lg leading-relaxed text-blue-50">{t("features.cta.text")}</p>
                <StoreLink className={buttonClass({ variant: "inverse", size: "2xl", pill: true }, "mt-5")} newTab={t("site:newTab")}>
                  {t("features.cta.button")}
                </StoreLink>
              </li>
            ) : (
              <li key={cell} className={`rounded-2xl border border-slate-200 bg-white p-6 ${cell === "kanban" ? "lg:col-span-2" : ""}`}>
                <span className="grid size-11 place-items-center rounded-xl bg-blue-600/10 text-blue-700">
                  <Icon icon={FEATURE_ICONS[cell]} />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(`features.items.${cell}.title`)}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{t(`features.items.${cell}.text`)}</p>
              </li>
            ),
          )}
        </ul>
      </div>
    </section>
  );
}

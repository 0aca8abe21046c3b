import { useTranslation } from "react-i18next";
import { buttonClass, Icon, StoreLink } from "../../ui";
import { check } from "../../ui/icons/site";
import { SiteLink } from "../site-chrome/site-link";

export function Hero() {
  const { t } = useTranslation("landing");
  const points = t("hero.points", { returnObjects: true }) as string[];
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-blue-50 via-white to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
        <div>
          <p className="inline-flex rounded-full bg-blue-100 px-3 py-1 text-sm font-semibold text-blue-800">{t("hero.eyebrow")}</p>
          <h1 id="hero-title" className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            {t("hero.title")}
          </h1>
          <p className="mt-5 text-lg leading-relaxed text-slate-600">{t("hero.text")}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <SiteLink to="/sign-up" className={buttonClass({ variant: "primary", size: "3xl", pill: true, raised: true }, "text-center")}>
              {t("hero.primary")}
            </SiteLink>
            <StoreLink
              className={buttonClass({ variant: "secondary", size: "3xl", pill: true }, "bg-white text-center")}
              newTab={t("site:newTab")}
            >
              {t("hero.secondary")}
            </StoreLink>
          </div>
          <ul className="mt-8 grid gap-2 text-sm text-slate-700 sm:grid-cols-3">
            {points.map((p) => (
              <li key={p} className="flex items-start gap-2">
                <Icon icon={check} className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                {p}
              </li>
            ))}
          </ul>
        </div>
        <img
          src="/illustrations/hero.svg"
          alt={t("hero.imageAlt")}
          width={640}
          height={480}
          fetchPriority="high"
          className="h-auto w-full rounded-2xl shadow-xl ring-1 ring-slate-200"
        />
      </div>
    </section>
  );
}

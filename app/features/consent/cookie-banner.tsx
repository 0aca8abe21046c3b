import { useTranslation } from "react-i18next";
import { LocalizedLink } from "../../i18n";
import { Button } from "../../ui";

/** The bottom banner shown while no cookie choice is stored. */
export function CookieBanner({ onAcceptAll, onSettings }: { onAcceptAll: () => void; onSettings: () => void }) {
  const { t } = useTranslation("consent");
  return (
    <section
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white/95 shadow-[0_-4px_24px_rgba(15,23,42,0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="text-sm text-slate-700">
          <h2 id="cookie-banner-title" className="font-semibold text-slate-900">
            {t("banner.title")}
          </h2>
          <p className="mt-1">
            {t("banner.text")}{" "}
            <LocalizedLink to="/privacy-policy" className="font-medium text-blue-700 underline">
              {t("banner.privacyLink")}
            </LocalizedLink>
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="secondary" size="md" pill weight="medium" onClick={onSettings} className="flex-1 md:flex-none">
            {t("banner.settings")}
          </Button>
          <Button size="md" pill onClick={onAcceptAll} className="flex-1 md:flex-none">
            {t("acceptAll")}
          </Button>
        </div>
      </div>
    </section>
  );
}

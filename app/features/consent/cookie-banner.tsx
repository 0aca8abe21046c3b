import { useTranslation } from "react-i18next";
import { LocalizedLink } from "../../i18n";
import { Button } from "../../ui";

interface Props {
  onAcceptAll: () => void;
  onRejectAll: () => void;
  onSettings: () => void;
}

/**
 * The bottom banner shown while no cookie choice is stored. Refusing is as easy as accepting:
 * both buttons look the same. The layout renders it first, so keyboard users reach it at once.
 */
export function CookieBanner({ onAcceptAll, onRejectAll, onSettings }: Props) {
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
        <div className="grid shrink-0 grid-cols-2 gap-2 md:flex">
          <Button variant="secondary" size="md" pill weight="medium" onClick={onSettings} className="col-span-2">
            {t("banner.settings")}
          </Button>
          <Button size="md" pill onClick={onRejectAll}>
            {t("rejectAll")}
          </Button>
          <Button size="md" pill onClick={onAcceptAll}>
            {t("acceptAll")}
          </Button>
        </div>
      </div>
    </section>
  );
}

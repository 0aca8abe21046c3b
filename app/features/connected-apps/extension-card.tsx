import { useTranslation } from "react-i18next";
import { EXTENSION_CLIENT_ID } from "../../../core/oauth";
import { connectedAppsApi } from "../../api/oauth";
import { useLoad } from "../../api/use-load";
import { LocalizedLink, useLanguage } from "../../i18n";
import { buttonClass, linkClass, Spinner, StoreLink } from "../../ui";

/**
 * The dashboard's extension card: "Connected" with its last use while the extension holds access
 * to the account, otherwise the store link (through /get-extension) to install it.
 */
export function ExtensionCard() {
  const { t } = useTranslation("dashboard");
  const lang = useLanguage();
  const [apps] = useLoad("connected-apps", connectedAppsApi.list);
  const extension = apps.state === "loaded" ? apps.data.find((app) => app.clientId === EXTENSION_CLIENT_ID) : undefined;
  const when = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section aria-labelledby="extension-title" className="w-full rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:w-80">
      <h2 id="extension-title" className="font-semibold text-slate-900">
        {t("extension.title")}
      </h2>
      {apps.state === "loading" ? (
        <Spinner />
      ) : extension ? (
        <>
          <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-green-900">
              {t("extension.connected")}
            </span>
            <span>{t("extension.lastUsed", { when: when.format(new Date(extension.lastUsedAt)) })}</span>
          </p>
          <p className="mt-2 text-sm">
            <LocalizedLink to="/account/security#connected-apps-title" className={linkClass}>
              {t("extension.manage")}
            </LocalizedLink>
          </p>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">{t("extension.notConnected")}</p>
          <StoreLink className={buttonClass({ variant: "dark", size: "md" }, "mt-3")} newTab={t("newTab")}>
            {t("downloadPlugin")}
          </StoreLink>
        </>
      )}
    </section>
  );
}

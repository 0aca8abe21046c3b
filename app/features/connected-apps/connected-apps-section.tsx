import { useTranslation } from "react-i18next";
import { connectedAppsApi } from "../../api/oauth";
import { useAction } from "../../api/use-action";
import { useLoad } from "../../api/use-load";
import { useLanguage } from "../../i18n";
import { Button, Spinner } from "../../ui";
import { FormMessages } from "../../ui/form-alert";
import { RemoveButton } from "../../ui/remove-button";
import { AccountSection } from "../area/account-layout";
import { useAppName, useScopeWords } from "./scope-words";

/**
 * The security page's "Connected apps": each app holding access to the account (the extension
 * too), when it was granted and last used, what it may read; "Disconnect" ends its access at once.
 */
export function ConnectedAppsSection() {
  const { t } = useTranslation("security");
  const lang = useLanguage();
  const words = useScopeWords();
  const nameOf = useAppName();
  const [apps, reload] = useLoad("connected-apps", connectedAppsApi.list);
  const disconnect = useAction({ failure: t("connectedApps.failed"), onDone: reload });
  const when = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  return (
    <AccountSection id="connected-apps" title={t("connectedApps.title")} intro={t("connectedApps.intro")}>
      <FormMessages error={disconnect.error} notice={disconnect.notice} />
      {apps.state === "loading" && <Spinner />}
      {apps.state === "failed" && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
          {t("connectedApps.loadFailed")}
          <Button variant="secondary" size="sm" onClick={() => void reload()}>
            {t("connectedApps.retry")}
          </Button>
        </div>
      )}
      {apps.state === "loaded" &&
        (apps.data.length === 0 ? (
          <p className="text-sm text-slate-600">{t("connectedApps.none")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {apps.data.map((app) => (
              <li key={app.clientId} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <h3 className="font-medium wrap-anywhere text-slate-900">{nameOf(app)}</h3>
                  <dl className="mt-1 grid gap-x-2 gap-y-0.5 text-sm text-slate-600 sm:grid-cols-[auto_minmax(0,1fr)]">
                    <dt>{t("connectedApps.granted")}:</dt>
                    <dd className="text-slate-900">{when.format(new Date(app.grantedAt))}</dd>
                    <dt>{t("connectedApps.lastUsed")}:</dt>
                    <dd className="text-slate-900">{when.format(new Date(app.lastUsedAt))}</dd>
                    <dt>{t("connectedApps.scopes")}:</dt>
                    <dd className="text-slate-900">{words.names(app.scopes)}</dd>
                  </dl>
                </div>
                <div className="shrink-0">
                  <RemoveButton
                    label={t("connectedApps.disconnect")}
                    name={t("connectedApps.disconnectNamed", { name: nameOf(app) })}
                    title={t("connectedApps.disconnectTitle", { name: nameOf(app) })}
                    confirm={t("connectedApps.disconnect")}
                    cancel={t("cancel")}
                    disabled={disconnect.busy}
                    onRemove={() =>
                      disconnect.run(
                        () => connectedAppsApi.disconnect(app.clientId),
                        t("connectedApps.disconnected", { name: nameOf(app) }),
                      )
                    }
                  >
                    {t("connectedApps.disconnectText", { name: nameOf(app) })}
                  </RemoveButton>
                </div>
              </li>
            ))}
          </ul>
        ))}
    </AccountSection>
  );
}

import { useTranslation } from "react-i18next";
import { ApiKeysPanel } from "../../features/api-keys/api-keys-panel";
import { AccountLayout } from "../../features/area/account-layout";
import { useLanguage } from "../../i18n";
import { RequireSession } from "../../identity/require-session";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["account", "api", "dashboard"] };

/** /{lang}/account/api-keys: the user's personal API keys (docs/decisions/094). */
export default function ApiKeysRoute() {
  const lang = useLanguage();
  const { t } = useTranslation("api");
  return (
    <>
      <PageMeta page="apiKeys" lang={lang} />
      <RequireSession>
        {(session) => (
          <AccountLayout session={session} title={t("keys.pageTitle")} intro={t("keys.pageIntro")}>
            <ApiKeysPanel owner={{ kind: "user" }} />
          </AccountLayout>
        )}
      </RequireSession>
    </>
  );
}

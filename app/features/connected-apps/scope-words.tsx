import { useTranslation } from "react-i18next";
import { EXTENSION_CLIENT_ID, OAUTH_SCOPES } from "../../../core/oauth";

const ORDER: readonly string[] = OAUTH_SCOPES;

/** A scope's catalog key in the api namespace: i18next reads ":" as the namespace separator. */
const keyOf = (scope: string) => scope.replace(":", "_");

/** Scopes in plain words (the api catalog): a short name, and what it lets an app do. */
export function useScopeWords() {
  const { t, i18n } = useTranslation("api");
  const known = (scope: string) => i18n.exists(`api:scopes.${keyOf(scope)}.name`);
  return {
    name: (scope: string) => (known(scope) ? t(`scopes.${keyOf(scope)}.name`) : scope),
    description: (scope: string) => (known(scope) ? t(`scopes.${keyOf(scope)}.description`) : ""),
    /** The names of several scopes, as one line, in the order the consent page names them. */
    names: (scopes: readonly string[]) =>
      [...scopes]
        .sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b))
        .map((s) => (known(s) ? t(`scopes.${keyOf(s)}.name`) : s))
        .join(", "),
  };
}

/** An app's name as the page shows it: the extension's in the page's language, any other as registered. */
export function useAppName() {
  const { t } = useTranslation("api");
  return (app: { clientId: string; name: string }) => (app.clientId === EXTENSION_CLIENT_ID ? t("oauth.extensionName") : app.name);
}

import { ConsentManager } from "../../features/consent/consent-manager";
import { SecurityPage } from "../../features/security/security-page";
import { useLanguage } from "../../i18n";
import { RequireSession } from "../../identity/require-session";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["account", "security", "auth", "dashboard", "consent", "phone", "api"] };

export default function SecurityRoute() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="accountSecurity" lang={lang} />
      <RequireSession>{(session) => <SecurityPage session={session} />}</RequireSession>
      {/* The footer's cookie settings button opens this panel. */}
      <ConsentManager banner={false} />
    </>
  );
}

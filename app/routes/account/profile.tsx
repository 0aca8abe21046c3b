import { ProfilePage } from "../../features/account/profile-page";
import { ConsentManager } from "../../features/consent/consent-manager";
import { useLanguage } from "../../i18n";
import { RequireSession } from "../../identity/require-session";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["account", "dashboard", "consent", "phone", "auth", "security"] };

export default function ProfileRoute() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="account" lang={lang} />
      <RequireSession>{(session) => <ProfilePage session={session} />}</RequireSession>
      {/* The footer's cookie settings button opens this panel. */}
      <ConsentManager banner={false} />
    </>
  );
}

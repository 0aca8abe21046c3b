import { ConsentManager } from "../../features/consent/consent-manager";
import { DashboardContent } from "../../features/dashboard/dashboard-content";
import { useLanguage } from "../../i18n";
import { RequireSession } from "../../identity/require-session";
import { ReturnAfterSignIn } from "../../identity/return-after-sign-in";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["dashboard", "account", "billing", "consent"] };

export default function Dashboard() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="dashboard" lang={lang} />
      <RequireSession>
        {(session) => (
          <>
            <ReturnAfterSignIn />
            <DashboardContent session={session} />
          </>
        )}
      </RequireSession>
      {/* The footer's cookie settings button opens this panel. */}
      <ConsentManager banner={false} />
    </>
  );
}

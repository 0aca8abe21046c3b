import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import type { AccountSecurity } from "../../../core/api";
import { fetchAccountSecurity } from "../../api/account";
import { useLoad } from "../../api/use-load";
import type { Session } from "../../identity/client";
import { Button, Spinner } from "../../ui";
import { AccountLayout } from "../area/account-layout";
import { ConnectedAppsSection } from "../connected-apps/connected-apps-section";
import { DeleteAccountSection } from "./delete-account-section";
import { DevicesSection } from "./devices-section";
import { PasskeysSection } from "./passkeys-section";
import { PasswordSection } from "./password-section";
import { RecentActivitySection } from "./recent-activity";
import { SmsTwoStepSection } from "./sms-two-step-section";
import { TwoStepSection } from "./two-step-section";

/** What a section of the security page gets: the session and the page's one read of the account's security state. */
export interface SecuritySectionProps {
  session: Session;
  security: AccountSecurity;
  /** Reads the state again after a change (a first password, two-step verification turned on or off). */
  reloadSecurity: () => Promise<void>;
}

/** The security page's sections, top to bottom; each is its own component (and feature). */
export const SECURITY_SECTIONS: readonly ComponentType<SecuritySectionProps>[] = [
  PasswordSection,
  TwoStepSection,
  SmsTwoStepSection,
  PasskeysSection,
  DevicesSection,
  ConnectedAppsSection,
  RecentActivitySection,
  DeleteAccountSection,
];

/** /{lang}/account/security: how the account is protected and where it is signed in. */
export function SecurityPage({ session }: { session: Session }) {
  const { t } = useTranslation(["account", "security"]);
  // Read once here and handed to every section, so they agree (and the page asks the server once).
  const [security, reload] = useLoad("security", fetchAccountSecurity);
  return (
    <AccountLayout session={session} title={t("security.title")} intro={t("security.intro")}>
      {security.state === "loaded" ? (
        SECURITY_SECTIONS.map((Section, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is a constant
          <Section key={i} session={session} security={security.data} reloadSecurity={reload} />
        ))
      ) : security.state === "failed" ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
          {t("security:error")}
          <Button variant="secondary" size="sm" onClick={() => void reload()}>
            {t("devices.retry")}
          </Button>
        </div>
      ) : (
        <Spinner />
      )}
    </AccountLayout>
  );
}

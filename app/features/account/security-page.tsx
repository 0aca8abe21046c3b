import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import type { Session } from "../../identity/client";
import { DeleteAccountSection } from "../security/delete-account-section";
import { PasswordSection } from "../security/password-section";
import { TwoStepSection } from "../security/two-step-section";
import { AccountLayout } from "./account-layout";
import { DevicesSection } from "./devices-section";

/** What a section of the security page gets: the signed-in session. */
export interface SecuritySectionProps {
  session: Session;
}

/** The security page's sections, top to bottom; each is its own component (and feature). */
export const SECURITY_SECTIONS: readonly ComponentType<SecuritySectionProps>[] = [
  PasswordSection,
  TwoStepSection,
  DevicesSection,
  DeleteAccountSection,
];

/** /{lang}/account/security: how the account is protected and where it is signed in. */
export function SecurityPage({ session }: { session: Session }) {
  const { t } = useTranslation("account");
  return (
    <AccountLayout session={session} title={t("security.title")} intro={t("security.intro")}>
      {SECURITY_SECTIONS.map((Section, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is a constant
        <Section key={i} session={session} />
      ))}
    </AccountLayout>
  );
}

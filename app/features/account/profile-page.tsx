import { useTranslation } from "react-i18next";
import { authClient, type Session } from "../../identity/client";
import { AccountLayout, AccountSection } from "../area/account-layout";
import { IdentifierSections } from "../identifiers/identifier-sections";
import { DataExportSection } from "./data-export-section";
import { ProfileDetailsForm } from "./profile-details-form";
import { ProfileImageSection } from "./profile-image-section";

/** /{lang}/account: the signed-in user's profile image, names and username, and their ways to sign in. */
export function ProfilePage({ session }: { session: Session }) {
  const { t } = useTranslation("account");
  // A saved change reloads the session, so the user menu and this page show it at once.
  const refresh = async () => authClient.$store.notify("$sessionSignal");
  return (
    <AccountLayout session={session} title={t("profile.title")} intro={t("profile.intro")}>
      <AccountSection id="profile-image" title={t("profile.imageTitle")}>
        <ProfileImageSection session={session} onSaved={refresh} />
      </AccountSection>
      <AccountSection id="profile-details" title={t("profile.detailsTitle")}>
        <ProfileDetailsForm session={session} onSaved={refresh} />
      </AccountSection>
      <IdentifierSections />
      <AccountSection id="data-export" title={t("dataExport.title")} intro={t("dataExport.intro")}>
        <DataExportSection />
      </AccountSection>
    </AccountLayout>
  );
}

import { useTranslation } from "react-i18next";
import type { Session } from "../../identity/client";
import { displayName } from "../user-menu/display-name";
import { UserAvatar } from "../user-menu/user-avatar";
import { AccountLayout, AccountSection } from "./account-layout";

/** /{lang}/account: the signed-in user's profile. */
export function ProfilePage({ session }: { session: Session }) {
  const { t } = useTranslation("account");
  const { user } = session;
  return (
    <AccountLayout session={session} title={t("profile.title")} intro={t("profile.intro")}>
      <AccountSection id="profile-details" title={t("profile.detailsTitle")}>
        <div className="flex items-center gap-4">
          <UserAvatar user={user} size="lg" />
          <div className="min-w-0">
            <p className="font-semibold wrap-anywhere text-slate-900">{displayName(user)}</p>
            <p className="text-sm break-all text-slate-600">{user.email}</p>
          </div>
        </div>
      </AccountSection>
    </AccountLayout>
  );
}

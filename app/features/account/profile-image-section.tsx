import { useTranslation } from "react-i18next";
import { removeProfileImage, uploadProfileImage } from "../../api/account";
import { ApiRequestError } from "../../api/client";
import type { Session } from "../../identity/client";
import { ImageUpload } from "../../ui/image-upload";
import { UserAvatar } from "../user-menu/user-avatar";

/** The profile image: upload and removal; a saved change reloads the session so the menu shows it. */
export function ProfileImageSection({ session, onSaved }: { session: Session; onSaved: () => Promise<unknown> }) {
  const { t } = useTranslation("account");
  const { user } = session;
  return (
    <ImageUpload
      preview={<UserAvatar user={user} size="lg" alt={t("profile.imageAlt")} />}
      hasImage={Boolean(user.image)}
      texts={{
        hint: t("profile.imageHint"),
        upload: t("profile.upload"),
        uploading: t("profile.uploading"),
        remove: t("profile.remove"),
        saved: t("profile.imageSaved"),
        removed: t("profile.imageRemoved"),
        tooLarge: t("errors.imageTooLarge"),
      }}
      onUpload={async (file) => {
        await uploadProfileImage(file);
        await onSaved();
      }}
      onRemove={async () => {
        await removeProfileImage();
        await onSaved();
      }}
      errorOf={(failure) => (failure instanceof ApiRequestError && failure.message) || t("profile.errors.failed")}
    />
  );
}

import { type ChangeEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES } from "../../../core/images";
import { removeProfileImage, uploadProfileImage } from "../../api/account";
import { ApiRequestError } from "../../api/client";
import type { Session } from "../../identity/client";
import { Button } from "../../ui";
import { FormMessages } from "../../ui/form-alert";
import { UserAvatar } from "../user-menu/user-avatar";

/**
 * The profile image: upload (sent at once, stored as a square by the server, then shown from its
 * URL, so the page needs no blob: or data: images) and removal.
 */
export function ProfileImageSection({ session, onSaved }: { session: Session; onSaved: () => Promise<unknown> }) {
  const { t } = useTranslation("account");
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState("");
  const { user } = session;

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setError(undefined);
    setStatus("");
    try {
      await action();
      await onSaved();
      setStatus(done);
    } catch (failure) {
      setError((failure instanceof ApiRequestError && failure.message) || t("profile.errors.failed"));
    } finally {
      setBusy(false);
    }
  }

  function upload(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) return setError(t("errors.imageTooLarge"));
    void run(() => uploadProfileImage(file), t("profile.imageSaved"));
  }

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <UserAvatar user={user} size="lg" alt={t("profile.imageAlt")} />
      <div className="space-y-2">
        <p id="profile-image-hint" className="text-sm text-slate-600">
          {t("profile.imageHint")}
        </p>
        <div className="flex flex-wrap gap-2">
          <input ref={input} type="file" accept={IMAGE_UPLOAD_TYPES.join(",")} hidden onChange={upload} />
          <Button
            variant="secondary"
            size="md"
            disabled={busy}
            aria-busy={busy || undefined}
            aria-describedby="profile-image-hint"
            onClick={() => input.current?.click()}
          >
            {busy ? t("profile.uploading") : t("profile.upload")}
          </Button>
          {user.image && (
            <Button variant="secondary" size="md" disabled={busy} onClick={() => run(removeProfileImage, t("profile.imageRemoved"))}>
              {t("profile.remove")}
            </Button>
          )}
        </div>
        <FormMessages error={error} notice={status} />
      </div>
    </div>
  );
}

import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useGoogleAvailable } from "../../identity/google";
import { GoogleMark } from "../../ui/icons/google";
import { FormButton } from "./form-button";
import { OrDivider } from "./or-divider";

/**
 * "Continue with Google" with its "or" divider on the side facing the other way in (`divider`), or
 * none where another button already follows one.
 * Shown only once the server says it offers Google sign-in: a deployment without it shows nothing.
 */
export function GoogleButton({
  onClick,
  busy,
  divider,
  note,
}: {
  onClick: () => void;
  busy?: boolean;
  divider: "before" | "after" | "none";
  /** What to know before choosing it, shown under it and read with it. */
  note?: ReactNode;
}) {
  const { t } = useTranslation("auth");
  if (useGoogleAvailable() !== true) return null;
  return (
    <>
      {divider === "before" && <OrDivider />}
      <FormButton variant="secondary" onClick={onClick} disabled={busy} aria-describedby={note ? "google-note" : undefined}>
        <GoogleMark />
        {t("google.button")}
      </FormButton>
      {note && (
        <p id="google-note" className="-mt-2 text-sm text-slate-700">
          {note}
        </p>
      )}
      {divider === "after" && <OrDivider />}
    </>
  );
}

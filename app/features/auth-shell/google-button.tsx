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
export function GoogleButton({ onClick, busy, divider }: { onClick: () => void; busy?: boolean; divider: "before" | "after" | "none" }) {
  const { t } = useTranslation("auth");
  if (useGoogleAvailable() !== true) return null;
  return (
    <>
      {divider === "before" && <OrDivider />}
      <FormButton variant="secondary" onClick={onClick} disabled={busy}>
        <GoogleMark />
        {t("google.button")}
      </FormButton>
      {divider === "after" && <OrDivider />}
    </>
  );
}

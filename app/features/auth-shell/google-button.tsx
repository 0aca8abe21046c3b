import { useTranslation } from "react-i18next";
import { useGoogleAvailable } from "../../identity/google";
import { GoogleMark } from "../../ui/icons/google";
import { FormButton } from "./form-button";

/** "Continue with Google"; says so when this deployment has no Google sign-in configured. */
export function GoogleButton({ onClick, busy }: { onClick: () => void; busy?: boolean }) {
  const { t } = useTranslation("auth");
  const available = useGoogleAvailable();
  return (
    <div>
      <FormButton
        variant="secondary"
        onClick={onClick}
        disabled={available !== true || busy}
        aria-describedby={available === false ? "google-unavailable" : undefined}
      >
        <GoogleMark />
        {t("google.button")}
      </FormButton>
      {available === false && (
        <p id="google-unavailable" className="mt-1.5 text-sm text-slate-600">
          {t("google.unavailable")}
        </p>
      )}
    </div>
  );
}

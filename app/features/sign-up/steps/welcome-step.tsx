import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../ui/form-alert";
import { FormButton } from "../../auth-shell/form-button";
import { GoogleButton } from "../../auth-shell/google-button";
import { StepHeading } from "../../auth-shell/step-heading";

/** Step 2: sign up with Google or with an e-mail address. */
export function WelcomeStep({
  onGoogle,
  onEmail,
  onBack,
  googleBusy,
  error,
}: {
  onGoogle: () => void;
  onEmail: () => void;
  onBack: () => void;
  googleBusy?: boolean;
  error?: string;
}) {
  const { t } = useTranslation("auth");
  return (
    <div className="space-y-5">
      <StepHeading title={t("signUp.welcome.title")} subtitle={t("signUp.welcome.subtitle")} />
      {error && <FormAlert>{error}</FormAlert>}
      <GoogleButton onClick={onGoogle} busy={googleBusy} divider="after" />
      <FormButton onClick={onEmail}>{t("signUp.welcome.email")}</FormButton>
      <FormButton variant="secondary" onClick={onBack}>
        {t("back")}
      </FormButton>
    </div>
  );
}

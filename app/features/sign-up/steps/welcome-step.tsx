import { useTranslation } from "react-i18next";
import { withBreakables } from "../../../ui/breakable";
import { FormAlert } from "../../../ui/form-alert";
import { FormButton } from "../../auth-shell/form-button";
import { GoogleButton } from "../../auth-shell/google-button";
import { StepHeading } from "../../auth-shell/step-heading";

/**
 * Step 2: sign up with Google or with an e-mail address. Signing up for a team invitation, Google
 * says first that only a Google account with the invited address joins the team (docs/decisions/154).
 */
export function WelcomeStep({
  onGoogle,
  onEmail,
  onBack,
  googleBusy,
  error,
  invitedEmail,
}: {
  onGoogle: () => void;
  onEmail: () => void;
  onBack: () => void;
  googleBusy?: boolean;
  error?: string;
  /** The address a team invitation was sent to, when signing up for one. */
  invitedEmail?: string;
}) {
  const { t } = useTranslation("auth");
  return (
    <div className="space-y-5">
      <StepHeading title={t("signUp.welcome.title")} subtitle={t("signUp.welcome.subtitle")} />
      {error && <FormAlert>{error}</FormAlert>}
      <GoogleButton
        onClick={onGoogle}
        busy={googleBusy}
        divider="after"
        note={invitedEmail ? withBreakables((v) => t("signUp.invited.google", v), { email: invitedEmail }) : undefined}
      />
      <FormButton onClick={onEmail}>{t("signUp.welcome.email")}</FormButton>
      <FormButton variant="secondary" onClick={onBack}>
        {t("back")}
      </FormButton>
    </div>
  );
}

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
      <GoogleButton onClick={onGoogle} busy={googleBusy} />
      <div className="flex items-center gap-3 text-sm text-slate-500">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
        {t("signUp.welcome.or")}
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      </div>
      <FormButton onClick={onEmail}>{t("signUp.welcome.email")}</FormButton>
      <FormButton variant="secondary" onClick={onBack}>
        {t("back")}
      </FormButton>
    </div>
  );
}

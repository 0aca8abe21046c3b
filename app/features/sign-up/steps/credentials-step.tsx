import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../ui/form-alert";
import { EmailField } from "../../auth-shell/email-field";
import { FormButton } from "../../auth-shell/form-button";
import { PasswordField } from "../../auth-shell/password-field";
import { StepHeading } from "../../auth-shell/step-heading";
import { useFocusFirst } from "../../auth-shell/use-focus-first";

/** Step 4: e-mail and password; Create account makes the account and sends the code. */
export function CredentialsStep({
  email,
  password,
  onChange,
  onSubmit,
  onBack,
  busy,
  error,
  autoFocus,
  botCheck,
  emailLocked,
}: {
  email: string;
  password: string;
  onChange: (v: { email: string; password: string }) => void;
  onSubmit: () => void;
  onBack: () => void;
  busy: boolean;
  error?: string;
  autoFocus?: boolean;
  /** The proof-of-work widget, solving by itself while the person types. */
  botCheck?: ReactNode;
  /** The address a team invitation was sent to: shown, not changed (the invitation is for it). */
  emailLocked?: boolean;
}) {
  const { t } = useTranslation("auth");
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirst(formRef, emailLocked ? "#password" : "#email", autoFocus);
  const [missing, setMissing] = useState<{ email?: boolean; password?: boolean }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const m = { email: !email.trim(), password: !password };
    setMissing(m);
    if (m.email || m.password) return;
    onSubmit();
  };
  const required = t("signUp.credentials.required");
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
      <StepHeading title={t("signUp.credentials.title")} autoFocus={false} />
      <EmailField
        value={email}
        readOnly={emailLocked}
        hint={emailLocked ? t("signUp.invited.emailHint") : undefined}
        error={missing.email ? required : undefined}
        onChange={(e) => {
          setMissing((m) => ({ ...m, email: false }));
          onChange({ email: e.target.value, password });
        }}
      />
      <PasswordField
        id="password"
        label={t("passwordLabel")}
        hint={t("signUp.credentials.passwordHint")}
        value={password}
        autoComplete="new-password"
        required
        error={missing.password ? required : undefined}
        onChange={(e) => {
          setMissing((m) => ({ ...m, password: false }));
          onChange({ email, password: e.target.value });
        }}
      />
      {botCheck}
      {error && <FormAlert>{error}</FormAlert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <FormButton variant="secondary" onClick={onBack} disabled={busy}>
          {t("back")}
        </FormButton>
        <FormButton type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t("signUp.credentials.submitting") : t("signUp.credentials.submit")}
        </FormButton>
      </div>
    </form>
  );
}

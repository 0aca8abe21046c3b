import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { linkClass } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { EmailField } from "../auth-shell/email-field";
import { FormButton } from "../auth-shell/form-button";
import { StepHeading } from "../auth-shell/step-heading";

/**
 * The first step of signing in by an e-mailed code or link: the address, a button that sends, and
 * the way back to the password. `texts` names the method's keys (title, requestText, send, sending).
 */
export function AddressStep({
  texts,
  email,
  onEmailChange,
  error,
  busy,
  onSubmit,
  onCancel,
}: {
  texts: "emailCode" | "emailLink";
  email: string;
  onEmailChange: (email: string) => void;
  error: string | undefined;
  busy: boolean;
  onSubmit: (e: FormEvent) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("auth");
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <StepHeading title={t(`${texts}.title`)} subtitle={t(`${texts}.requestText`)} />
      {error && <FormAlert>{error}</FormAlert>}
      <EmailField value={email} onChange={(e) => onEmailChange(e.target.value)} />
      <FormButton type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t(`${texts}.sending`) : t(`${texts}.send`)}
      </FormButton>
      <p className="text-center text-sm">
        <button type="button" className={linkClass} onClick={onCancel}>
          {t("signIn.usePassword")}
        </button>
      </p>
    </form>
  );
}

import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../ui/form-alert";
import { FormButton } from "../../auth-shell/form-button";
import { StepHeading } from "../../auth-shell/step-heading";
import { CODE_LENGTH, CodeInput } from "../code-input";

export const RESEND_COOLDOWN_SECONDS = 30;

/** Step 5: the 6-digit code from the e-mail, with a resend that waits out a cooldown. */
export function VerificationStep({
  email,
  onVerify,
  onResend,
  onBack,
}: {
  email: string;
  /** Resolves with an error message, or undefined when verified. */
  onVerify: (code: string) => Promise<string | undefined>;
  /** Resolves true when a new code was sent. */
  onResend: () => Promise<boolean>;
  onBack: () => void;
}) {
  const { t } = useTranslation("auth");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [resendAt, setResendAt] = useState(() => Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
  const [now, setNow] = useState(() => Date.now());
  const cooldown = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const complete = new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);

  useEffect(() => {
    if (resendAt <= now) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [resendAt, now]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(undefined);
    if (!complete) {
      setError(t("signUp.verification.incomplete"));
      return;
    }
    setBusy(true);
    const failure = await onVerify(code);
    setBusy(false);
    if (failure) setError(failure);
  };

  const resend = async () => {
    setError(undefined);
    setNotice(undefined);
    const start = Date.now();
    setNow(start);
    setResendAt(start + RESEND_COOLDOWN_SECONDS * 1000);
    if (await onResend()) {
      setNotice(t("signUp.verification.resent"));
      setCode("");
    } else {
      setError(t("signUp.verification.resendFailed"));
      setResendAt(Date.now());
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <StepHeading title={t("signUp.verification.title")} subtitle={t("signUp.verification.text", { email })} />
      <CodeInput
        value={code}
        onChange={(v) => {
          setError(undefined);
          setCode(v);
        }}
        invalid={Boolean(error)}
        describedBy={error ? "code-error" : code.trim() && !complete ? "code-hint" : undefined}
        disabled={busy}
      />
      {!error && code.trim() && !complete && (
        <p id="code-hint" className="text-sm text-slate-600">
          {t("signUp.verification.incomplete")}
        </p>
      )}
      {error && (
        <div id="code-error">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
      {notice && <FormAlert tone="info">{notice}</FormAlert>}
      <FormButton type="submit" disabled={!complete || busy} aria-busy={busy || undefined}>
        {busy ? t("signUp.verification.submitting") : t("signUp.verification.submit")}
      </FormButton>
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <FormButton variant="secondary" onClick={onBack} disabled={busy}>
          {t("back")}
        </FormButton>
        <FormButton variant="secondary" onClick={resend} disabled={cooldown > 0 || busy}>
          {cooldown > 0 ? t("signUp.verification.resendIn", { seconds: cooldown }) : t("signUp.verification.resend")}
        </FormButton>
      </div>
    </form>
  );
}

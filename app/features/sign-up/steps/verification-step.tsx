import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../ui/form-alert";
import { FormButton } from "../../auth-shell/form-button";
import { StepHeading } from "../../auth-shell/step-heading";
import { useFocusFirst } from "../../auth-shell/use-focus-first";
import { CODE_LENGTH, CodeInput } from "../code-input";

export const RESEND_COOLDOWN_SECONDS = 30;

const isComplete = (code: string) => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);

/**
 * Step 5: the 6-digit code from the e-mail, sent as soon as the sixth digit is in, with a resend
 * that waits out a cooldown. Once the address is verified (coming back from payment) it says so.
 */
export function VerificationStep({
  email,
  verified,
  onVerify,
  onResend,
  onContinue,
  onBack,
  autoFocus,
}: {
  email: string;
  verified: boolean;
  /** Resolves with an error message, or undefined when verified. */
  onVerify: (code: string) => Promise<string | undefined>;
  /** Resolves true when a new code was sent. */
  onResend: () => Promise<boolean>;
  onContinue: () => void;
  onBack: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("auth");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [resendAt, setResendAt] = useState(() => Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
  const [now, setNow] = useState(() => Date.now());
  // Bumped to put the focus back on the first box once they are enabled again.
  const [refocus, setRefocus] = useState(0);
  const sending = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const cooldown = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const complete = isComplete(code);

  useFocusFirst(formRef, "input", autoFocus && !verified);
  useEffect(() => {
    if (refocus) formRef.current?.querySelector("input")?.focus();
  }, [refocus]);

  useEffect(() => {
    if (resendAt <= now) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [resendAt, now]);

  const send = async (value: string) => {
    if (sending.current) return;
    setNotice(undefined);
    if (!isComplete(value)) {
      setError(t("signUp.verification.incomplete"));
      return;
    }
    sending.current = true;
    setBusy(true);
    const failure = await onVerify(value);
    sending.current = false;
    setBusy(false);
    if (failure) {
      // A wrong code is typed again from the start.
      setError(failure);
      setCode("");
      setRefocus((n) => n + 1);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(code);
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

  if (verified) {
    return (
      <div className="space-y-5">
        <StepHeading title={t("signUp.verification.verifiedTitle")} subtitle={t("signUp.verification.verifiedText", { email })} />
        <FormButton onClick={onContinue}>{t("signUp.verification.continue")}</FormButton>
        <FormButton variant="secondary" onClick={onBack}>
          {t("back")}
        </FormButton>
      </div>
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
      <StepHeading title={t("signUp.verification.title")} subtitle={t("signUp.verification.text", { email })} autoFocus={false} />
      <CodeInput
        value={code}
        onChange={(v) => {
          setError(undefined);
          setCode(v);
          if (isComplete(v)) void send(v);
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

import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "../../i18n";
import { authClient } from "../../identity/client";
import { authErrorMessage } from "../../identity/errors";
import { linkClass, TextField } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { AuthShell } from "../auth-shell/auth-shell";
import { EmailField } from "../auth-shell/email-field";
import { FormButton, formButtonClass } from "../auth-shell/form-button";
import { PasswordField } from "../auth-shell/password-field";
import { StepHeading } from "../auth-shell/step-heading";
import { useBotCheck } from "../bot-check/use-bot-check";

const MIN_PASSWORD = 8;
/** A new code can be asked for this long after the last one; the server allows 3 a minute. */
const RESEND_COOLDOWN_SECONDS = 30;

/**
 * Password reset by e-mailed code: ask for the address, then take the code and a new password.
 * The answer to the first step is the same whether or not an account exists.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation("auth");
  const [phase, setPhase] = useState<"request" | "reset" | "done">("request");
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<{ code?: string; password?: string }>({});
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [resent, setResent] = useState(false);
  const cooldown = Math.max(0, Math.ceil((resendAt - now) / 1000));
  // Every code asked for carries a proof of work (docs/decisions/129), solved from the moment the form is shown.
  const bots = useBotCheck(true);

  // Counts down from the time of the last code, so a throttled or sleeping tab shows the right wait.
  useEffect(() => {
    if (resendAt <= Date.now()) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= resendAt) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [resendAt]);

  /** Asks for a code; true when the server took the request. Each answer replaces the last message. */
  const sendCode = async () => {
    setError(undefined);
    setBusy(true);
    const headers = await bots.headers().catch(() => null);
    if (!headers) {
      setBusy(false);
      setError(authErrorMessage(t, { code: "captcha_unavailable" }, "forgotPassword.error"));
      return false;
    }
    const { error: failure } = await authClient.emailOtp.requestPasswordReset({ email: email.trim(), fetchOptions: { headers } });
    setBusy(false);
    if (failure) {
      setError(authErrorMessage(t, failure, "forgotPassword.error"));
      return false;
    }
    setNow(Date.now());
    setResendAt(Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
    return true;
  };

  const request = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return setError(t("forgotPassword.emailRequired"));
    setResent(false);
    if (await sendCode()) setPhase("reset");
  };

  const resend = async () => {
    setFieldErrors({});
    setResent(await sendCode());
  };

  const changeAddress = () => {
    setPhase("request");
    setCode("");
    setPassword("");
    setError(undefined);
    setFieldErrors({});
    setResent(false);
  };

  const reset = async (e: FormEvent) => {
    e.preventDefault();
    const errors = {
      code: /^\d{6}$/.test(code.trim()) ? undefined : t("signUp.verification.incomplete"),
      password: password.length >= MIN_PASSWORD ? undefined : t("forgotPassword.passwordTooShort"),
    };
    setFieldErrors(errors);
    setError(undefined);
    if (errors.code || errors.password) return;
    setBusy(true);
    const { error: failure } = await authClient.emailOtp.resetPassword({ email: email.trim(), otp: code.trim(), password });
    setBusy(false);
    if (failure) return setError(authErrorMessage(t, failure, "forgotPassword.error"));
    setPhase("done");
  };

  return (
    <AuthShell>
      {phase === "request" && (
        <form onSubmit={request} noValidate className="space-y-5">
          <StepHeading title={t("forgotPassword.title")} subtitle={t("forgotPassword.requestText")} autoFocus={false} />
          {error && <FormAlert>{error}</FormAlert>}
          <EmailField value={email} onChange={(e) => setEmail(e.target.value)} />
          {bots.element}
          <FormButton type="submit" disabled={busy}>
            {busy ? t("forgotPassword.sending") : t("forgotPassword.send")}
          </FormButton>
          <p className="text-center text-sm">
            <LocalizedLink to="/sign-in" className={linkClass}>
              {t("forgotPassword.backToSignIn")}
            </LocalizedLink>
          </p>
        </form>
      )}
      {phase === "reset" && (
        <form onSubmit={reset} noValidate className="space-y-5">
          <StepHeading title={t("forgotPassword.title")} />
          <FormAlert tone="info">{t(resent ? "forgotPassword.resent" : "forgotPassword.sent", { email: email.trim() })}</FormAlert>
          {error && <FormAlert>{error}</FormAlert>}
          <TextField
            id="code"
            label={t("forgotPassword.codeLabel")}
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            error={fieldErrors.code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
          />
          <PasswordField
            id="new-password"
            label={t("forgotPassword.newPassword")}
            hint={t("forgotPassword.passwordHint")}
            value={password}
            autoComplete="new-password"
            required
            error={fieldErrors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <FormButton type="submit" disabled={busy}>
            {busy ? t("forgotPassword.saving") : t("forgotPassword.save")}
          </FormButton>
          {/* A new code needs a proof of work too. */}
          {bots.element}
          <div className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
            <button
              type="button"
              className={`${linkClass} disabled:cursor-not-allowed disabled:font-normal disabled:text-slate-600 disabled:no-underline`}
              disabled={busy || cooldown > 0}
              onClick={() => void resend()}
            >
              {cooldown > 0 ? t("forgotPassword.resendIn", { seconds: cooldown }) : t("forgotPassword.resend")}
            </button>
            <button type="button" className={linkClass} onClick={changeAddress}>
              {t("forgotPassword.changeAddress")}
            </button>
            <LocalizedLink to="/sign-in" className={linkClass}>
              {t("forgotPassword.backToSignIn")}
            </LocalizedLink>
          </div>
        </form>
      )}
      {phase === "done" && (
        <div className="space-y-5">
          <StepHeading title={t("forgotPassword.title")} />
          <FormAlert tone="info">{t("forgotPassword.done")}</FormAlert>
          <LocalizedLink to="/sign-in" className={formButtonClass()}>
            {t("forgotPassword.signIn")}
          </LocalizedLink>
        </div>
      )}
    </AuthShell>
  );
}

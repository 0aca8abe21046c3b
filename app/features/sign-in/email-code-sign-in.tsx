import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SignInAnswer } from "../../../core/api";
import { authClient } from "../../identity/client";
import { authErrorMessage } from "../../identity/errors";
import { linkClass } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { FormButton } from "../auth-shell/form-button";
import { StepHeading } from "../auth-shell/step-heading";
import { CODE_LENGTH, CodeInput } from "../sign-up/code-input";
import { AddressStep } from "./address-step";
import type { FirstFactorDone } from "./sign-in-answer";

/** A new code can be asked for this long after the last one; the server allows 3 a minute. */
const RESEND_COOLDOWN_SECONDS = 30;
const isComplete = (code: string) => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);

/**
 * "E-mail me a code": the address, then the 6-digit code in the sign-up's code boxes. The answer to
 * the first step is the same whether or not the address has an account (docs/decisions/072).
 */
export function EmailCodeSignIn({
  initialEmail,
  onDone,
  onCancel,
}: {
  initialEmail: string;
  onDone: FirstFactorDone;
  onCancel: () => void;
}) {
  const { t } = useTranslation("auth");
  const [phase, setPhase] = useState<"request" | "enter">("request");
  const [email, setEmail] = useState(initialEmail.includes("@") ? initialEmail : "");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [resent, setResent] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const cooldown = Math.max(0, Math.ceil((resendAt - now) / 1000));

  useEffect(() => {
    if (resendAt <= Date.now()) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= resendAt) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [resendAt]);

  const sendCode = async () => {
    setError(undefined);
    setBusy(true);
    const { error: failure } = await authClient.emailOtp.sendVerificationOtp({ email: email.trim(), type: "sign-in" });
    setBusy(false);
    if (failure) {
      setError(authErrorMessage(t, failure, "signIn.error"));
      return false;
    }
    setNow(Date.now());
    setResendAt(Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
    return true;
  };

  const request = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return setError(t("emailCode.emailRequired"));
    setResent(false);
    if (await sendCode()) setPhase("enter");
  };

  const signIn = async (value: string) => {
    setBusy(true);
    setError(undefined);
    const { data, error: failure } = await authClient.signIn.emailOtp({ email: email.trim(), otp: value });
    if (failure) {
      setBusy(false);
      return setError(authErrorMessage(t, failure, "signUp.verification.invalidCode"));
    }
    onDone(data as SignInAnswer);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isComplete(code)) return setError(t("signUp.verification.incomplete"));
    void signIn(code);
  };

  if (phase === "request") {
    return (
      <AddressStep
        texts="emailCode"
        email={email}
        onEmailChange={setEmail}
        error={error}
        busy={busy}
        onSubmit={request}
        onCancel={onCancel}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <StepHeading title={t("emailCode.title")} />
      <FormAlert tone="info">{t(resent ? "emailCode.resent" : "emailCode.sent", { email: email.trim() })}</FormAlert>
      <CodeInput
        value={code}
        onChange={(v) => {
          setError(undefined);
          setCode(v);
          if (isComplete(v)) void signIn(v);
        }}
        invalid={Boolean(error)}
        describedBy={error ? "code-error" : undefined}
        disabled={busy}
      />
      {error && (
        <div id="code-error">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
      <FormButton type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t("emailCode.submitting") : t("emailCode.submit")}
      </FormButton>
      <div className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
        <button
          type="button"
          className={`${linkClass} disabled:cursor-not-allowed disabled:font-normal disabled:text-slate-600 disabled:no-underline`}
          disabled={busy || cooldown > 0}
          onClick={async () => {
            setCode("");
            setResent(await sendCode());
          }}
        >
          {cooldown > 0 ? t("emailCode.resendIn", { seconds: cooldown }) : t("emailCode.resend")}
        </button>
        <button
          type="button"
          className={linkClass}
          onClick={() => {
            setPhase("request");
            setCode("");
            setError(undefined);
          }}
        >
          {t("emailCode.changeAddress")}
        </button>
      </div>
    </form>
  );
}

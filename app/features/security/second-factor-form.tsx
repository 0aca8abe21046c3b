import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { authClient } from "../../identity/client";
import { authErrorMessage } from "../../identity/errors";
import { fetchSecondStepSms, sendSecondStepSms } from "../../identity/phone-sign-in";
import { Spinner, TextField } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { FormButton } from "../auth-shell/form-button";
import { StepHeading } from "../auth-shell/step-heading";

type Mode = "totp" | "sms" | "backup";

/**
 * The second step of a sign-in with two-step verification: the authenticator's code, a code texted
 * to the account's primary number, or a backup code instead. Text message codes are offered only
 * to accounts that turned them on (the server says so, with the number masked).
 */
export function SecondFactorForm({ methods, onSignedIn }: { methods: string[]; onSignedIn: () => void }) {
  const { t } = useTranslation(["security", "auth", "phone"]);
  const hasApp = methods.includes("totp");
  const mayText = methods.includes("otp");
  /** The masked number text message codes go to; null when not offered, undefined while asked. */
  const [smsTo, setSmsTo] = useState<string | null | undefined>(mayText ? undefined : null);
  const [mode, setMode] = useState<Mode | null>(hasApp ? "totp" : mayText ? null : "backup");
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // The code is what this screen asks for: its field has the focus on arrival and after choosing another kind of code.
  useEffect(() => {
    if (mode) document.getElementById("second-factor-code")?.focus();
  }, [mode]);

  const text = async () => {
    setBusy(true);
    setError(undefined);
    const { error: failure } = await sendSecondStepSms();
    setBusy(false);
    if (failure) return setError(authErrorMessage(t as never, failure, "phone:section.error"));
    setSent(true);
  };

  // Asked once: whether text message codes are offered; without the app they are the first choice, sent at once.
  useEffect(() => {
    if (!mayText) return;
    void fetchSecondStepSms().then(async ({ data }) => {
      const to = data?.sms ? data.phoneNumber : null;
      setSmsTo(to);
      if (hasApp) return;
      setMode(to ? "sms" : "backup");
      if (to && !(await sendSecondStepSms()).error) setSent(true);
    });
  }, [mayText, hasApp]);

  const choose = (next: Mode) => {
    setMode(next);
    setCode("");
    setError(undefined);
    // Choosing text message codes sends one at once.
    if (next === "sms" && !sent) void text();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) return setError(t("security:twoStep.codeRequired"));
    setBusy(true);
    setError(undefined);
    const { error: failure } =
      mode === "backup"
        ? await authClient.twoFactor.verifyBackupCode({ code: value })
        : mode === "sms"
          ? await authClient.twoFactor.verifyOtp({ code: value })
          : await authClient.twoFactor.verifyTotp({ code: value });
    if (failure) {
      setBusy(false);
      return setError(authErrorMessage(t as never, failure, "auth:errors.form_code_incorrect"));
    }
    onSignedIn();
  };

  if (!mode) return <Spinner />;

  const subtitle =
    mode === "sms"
      ? t("phone:secondStep.sms", { number: smsTo })
      : t(mode === "backup" ? "security:signIn.backup" : "security:signIn.authenticator");
  const label =
    mode === "sms" ? t("phone:secondStep.smsLabel") : t(mode === "backup" ? "security:signIn.backupLabel" : "security:signIn.codeLabel");
  const others: { mode: Mode; label: string }[] = [
    ...(hasApp && mode !== "totp" ? [{ mode: "totp" as const, label: t("security:signIn.useApp") }] : []),
    ...(smsTo && mode !== "sms" ? [{ mode: "sms" as const, label: t("phone:secondStep.useSms", { number: smsTo }) }] : []),
    ...(mode !== "backup" ? [{ mode: "backup" as const, label: t("security:signIn.useBackup") }] : []),
  ];
  const linkButton = "font-medium text-blue-700 underline-offset-4 hover:underline";

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <StepHeading title={t("security:signIn.title")} subtitle={subtitle} autoFocus={false} />
      {!hasApp && !smsTo && <FormAlert tone="info">{t("auth:errors.no_available_factor")}</FormAlert>}
      {error && <FormAlert>{error}</FormAlert>}
      <TextField
        id="second-factor-code"
        label={label}
        inputMode={mode === "backup" ? "text" : "numeric"}
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <FormButton type="submit" disabled={busy} aria-busy={busy || undefined}>
        {t("security:signIn.submit")}
      </FormButton>
      <div className="flex flex-col items-center gap-2 text-center text-sm">
        {mode === "sms" && (
          <button type="button" className={linkButton} onClick={() => void text()} disabled={busy}>
            {t("phone:secondStep.resend")}
          </button>
        )}
        {others.map((other) => (
          <button key={other.mode} type="button" className={linkButton} onClick={() => choose(other.mode)}>
            {other.label}
          </button>
        ))}
      </div>
    </form>
  );
}

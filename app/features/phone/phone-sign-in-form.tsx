import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isPhoneCode, normalizePhoneNumber, PHONE_CODE_LENGTH } from "../../../core/phone";
import { sendPhoneSignInCode, signInWithPhoneCode } from "../../identity/phone-sign-in";
import { CodeField } from "../../ui/code-field";
import { FormAlert } from "../../ui/form-alert";
import { FormButton } from "../auth-shell/form-button";
import { StepHeading } from "../auth-shell/step-heading";
import { phoneErrorMessage } from "./phone-errors";
import { PhoneNumberField } from "./phone-number-field";

/** What a phone sign-in ends with: a session, or the second step the account asks for. */
export type PhoneSignInResult = { token?: string; twoFactorRedirect?: boolean; twoFactorMethods?: string[] };

/**
 * "Use your phone": a number in international format, then the code texted to it. The page never
 * says whether the number belongs to an account; a wrong code and an unknown number read alike.
 */
export function PhoneSignInForm({ onResult, onBack }: { onResult: (result: PhoneSignInResult) => void; onBack: () => void }) {
  const { t } = useTranslation(["phone", "auth"]);
  const [number, setNumber] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    const normalized = normalizePhoneNumber(number);
    if (!number.trim()) return setError(t("phone:signIn.required"));
    if (!normalized) return setError(t("auth:errors.form_param_format_invalid__phone_number"));
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    const { error: failure } = await sendPhoneSignInCode(normalized);
    setBusy(false);
    if (failure) return setError(phoneErrorMessage(t, failure, "auth:signIn.error"));
    if (sentTo) setNotice(t("phone:section.resent", { number: number.trim() }));
    setSentTo(normalized);
    setCode("");
  };

  const signIn = async (e: FormEvent) => {
    e.preventDefault();
    if (!sentTo) return;
    if (!isPhoneCode(code.trim())) return setError(t("phone:section.codeRequired"));
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    const { data, error: failure } = await signInWithPhoneCode(sentTo, code.trim());
    if (failure || !data) {
      setBusy(false);
      return setError(phoneErrorMessage(t, failure, "auth:signIn.error"));
    }
    onResult(data);
  };

  const linkButton = "font-medium text-blue-700 underline-offset-4 hover:underline";

  if (!sentTo) {
    return (
      <form onSubmit={send} noValidate className="space-y-5">
        <StepHeading title={t("phone:signIn.title")} subtitle={t("phone:signIn.subtitle")} />
        {error && <FormAlert>{error}</FormAlert>}
        <PhoneNumberField id="sign-in-phone" value={number} onChange={setNumber} />
        <FormButton type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t("phone:signIn.sending") : t("phone:signIn.send")}
        </FormButton>
        <p className="text-center text-sm">
          <button type="button" className={linkButton} onClick={onBack}>
            {t("phone:signIn.back")}
          </button>
        </p>
      </form>
    );
  }

  return (
    <form onSubmit={signIn} noValidate className="space-y-5">
      <StepHeading title={t("phone:signIn.title")} subtitle={t("phone:signIn.codeSubtitle", { number: number.trim() })} />
      {error && <FormAlert>{error}</FormAlert>}
      {notice && <FormAlert tone="info">{notice}</FormAlert>}
      <CodeField id="sign-in-phone-code" label={t("phone:signIn.codeLabel")} length={PHONE_CODE_LENGTH} value={code} onChange={setCode} />
      <FormButton type="submit" disabled={busy} aria-busy={busy || undefined}>
        {t("phone:signIn.submit")}
      </FormButton>
      <p className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-center text-sm">
        <button type="button" className={linkButton} onClick={() => void send()} disabled={busy}>
          {t("phone:signIn.resend")}
        </button>
        <button
          type="button"
          className={linkButton}
          onClick={() => {
            setSentTo(null);
            setError(undefined);
            setNotice(undefined);
          }}
        >
          {t("phone:signIn.otherNumber")}
        </button>
      </p>
    </form>
  );
}

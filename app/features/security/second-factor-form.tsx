import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { authClient } from "../../identity/client";
import { authErrorMessage } from "../../identity/errors";
import { TextField } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { FormButton } from "../auth-shell/form-button";
import { StepHeading } from "../auth-shell/step-heading";

/**
 * The second step of a sign-in with two-step verification: the authenticator's code, or a backup
 * code instead. Without an authenticator on the account only a backup code is offered.
 */
export function SecondFactorForm({ methods, onSignedIn }: { methods: string[]; onSignedIn: () => void }) {
  const { t } = useTranslation(["security", "auth"]);
  const hasApp = methods.includes("totp");
  const [backup, setBackup] = useState(!hasApp);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) return setError(t("security:twoStep.codeRequired"));
    setBusy(true);
    setError(undefined);
    const { error: failure } = backup
      ? await authClient.twoFactor.verifyBackupCode({ code: value })
      : await authClient.twoFactor.verifyTotp({ code: value });
    if (failure) {
      setBusy(false);
      return setError(authErrorMessage(t as never, failure, "auth:errors.form_code_incorrect"));
    }
    onSignedIn();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <StepHeading title={t("security:signIn.title")} subtitle={t(backup ? "security:signIn.backup" : "security:signIn.authenticator")} />
      {!hasApp && <FormAlert tone="info">{t("auth:errors.no_available_factor")}</FormAlert>}
      {error && <FormAlert>{error}</FormAlert>}
      <TextField
        id="second-factor-code"
        label={t(backup ? "security:signIn.backupLabel" : "security:signIn.codeLabel")}
        inputMode={backup ? "text" : "numeric"}
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <FormButton type="submit" disabled={busy} aria-busy={busy || undefined}>
        {t("security:signIn.submit")}
      </FormButton>
      {hasApp && (
        <p className="text-center text-sm">
          <button
            type="button"
            className="font-medium text-blue-700 underline-offset-4 hover:underline"
            onClick={() => {
              setBackup((b) => !b);
              setCode("");
              setError(undefined);
            }}
          >
            {t(backup ? "security:signIn.useApp" : "security:signIn.useBackup")}
          </button>
        </p>
      )}
    </form>
  );
}

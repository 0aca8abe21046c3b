import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AccountSecurity } from "../../../core/api";
import { request } from "../../api/client";
import { authErrorMessage, errorCode } from "../../identity/errors";
import { failureOf } from "../../identity/failures";
import { Button } from "../../ui";
import { CodeField } from "../../ui/code-field";
import { Dialog } from "../../ui/dialog";
import { FormActions } from "../../ui/form-actions";
import { FormAlert } from "../../ui/form-alert";
import { PasswordField } from "../auth-shell/password-field";

/** Thrown when the person closes the reverification dialog instead of answering it. */
export class ReverificationCancelled extends Error {}

/**
 * Runs a sensitive action; when the server answers `reverification` (the session was not verified
 * in the last 10 minutes), asks for the account's proof in a dialog and then runs the action again.
 */
export function useReverification(method: AccountSecurity["reverification"] | undefined) {
  const [asking, setAsking] = useState(false);
  const answer = useRef<(ok: boolean) => void>(() => {});

  async function guarded<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (errorCode(failureOf(error)) !== "reverification") throw error;
    }
    setAsking(true);
    const ok = await new Promise<boolean>((resolve) => {
      answer.current = resolve;
    });
    setAsking(false);
    if (!ok) throw new ReverificationCancelled();
    return action();
  }

  const dialog: ReactNode = asking && method ? <ReverifyDialog method={method} onDone={(ok) => answer.current(ok)} /> : null;
  return { guarded, dialog };
}

function ReverifyDialog({ method, onDone }: { method: AccountSecurity["reverification"]; onDone: (ok: boolean) => void }) {
  const { t } = useTranslation(["security", "auth"]);
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();

  const fail = (e: unknown) => setError(authErrorMessage(t as never, failureOf(e), "security:error"));

  const sendCode = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await request("POST /api/account/reverification/code");
      setSent(true);
    } catch (e) {
      fail(e);
    }
    setBusy(false);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return setError(t("security:reverify.required"));
    setBusy(true);
    setError(undefined);
    try {
      await request("POST /api/account/reverification", { body: { answer: value } });
      onDone(true);
    } catch (failure) {
      setBusy(false);
      fail(failure);
    }
  };

  return (
    <Dialog title={t("security:reverify.title")} look="form" onClose={() => onDone(false)}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">
          {t(method === "email" && sent ? "security:reverify.sent" : `security:reverify.intro.${method}`)}
        </p>
        {error && <FormAlert>{error}</FormAlert>}
        {method === "password" && (
          <PasswordField
            id="reverify-password"
            label={t("security:password.current")}
            autoComplete="current-password"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoFocus
          />
        )}
        {method === "email" && !sent && (
          <Button type="button" variant="strong" size="md" onClick={sendCode} disabled={busy}>
            {t("security:reverify.sendCode")}
          </Button>
        )}
        {(method === "totp" || (method === "email" && sent)) && (
          <CodeField
            id="reverify-code"
            label={t(method === "totp" ? "security:twoStep.codeLabel" : "security:reverify.emailCodeLabel")}
            value={value}
            onChange={setValue}
            autoFocus
          />
        )}
        <FormActions
          align="end"
          submit={method !== "email" || sent ? t("security:reverify.submit") : undefined}
          busy={busy}
          cancel={t("security:cancel")}
          onCancel={() => onDone(false)}
        />
      </form>
    </Dialog>
  );
}

import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { passwordProblem } from "../../../core/password";
import { request } from "../../api/client";
import { authClient } from "../../identity/client";
import { authErrorMessage } from "../../identity/errors";
import { failureOf, unwrap } from "../../identity/failures";
import { Button } from "../../ui";
import { FormMessages } from "../../ui/form-alert";
import { usePassingNotice } from "../../ui/use-passing-notice";
import { AccountSection } from "../area/account-layout";
import { PasswordField } from "../auth-shell/password-field";
import { ReverificationCancelled, useReverification } from "./reverification";
import type { SecuritySectionProps } from "./security-page";

/** Change the password (the current one required) or, for accounts created with Google, set a first one. */
export function PasswordSection({ security: state, reloadSecurity: reload }: SecuritySectionProps) {
  const { t } = useTranslation(["security", "auth"]);
  const { guarded, dialog } = useReverification(state.reverification);
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeat, setRepeat] = useState("");
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = usePassingNotice();
  const change = state.hasPassword;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(undefined);
    const problem = passwordProblem(next, { complexity: state.passwordComplexity });
    if (change && !current) return setError(t("security:password.required"));
    if (problem) return setError(t(`auth:errors.${problem}`));
    if (next !== repeat) return setError(t("auth:errors.passwords_do_not_match"));
    setBusy(true);
    setError(undefined);
    try {
      await guarded<unknown>(() =>
        change
          ? unwrap(authClient.changePassword({ currentPassword: current, newPassword: next, revokeOtherSessions: signOutOthers }))
          : request("POST /api/account/password", { body: { newPassword: next } }),
      );
      setCurrent("");
      setNext("");
      setRepeat("");
      setDone(t(change ? "security:password.changed" : "security:password.set"));
      await reload();
    } catch (failure) {
      if (!(failure instanceof ReverificationCancelled)) setError(authErrorMessage(t as never, failureOf(failure), "security:error"));
    }
    setBusy(false);
  };

  return (
    <AccountSection
      id="password"
      title={t("security:password.title")}
      intro={t(change ? "security:password.introChange" : "security:password.introSet")}
    >
      <form onSubmit={submit} noValidate className="max-w-md space-y-4">
        <FormMessages error={error} notice={done} />
        {change && (
          <PasswordField
            id="current-password"
            label={t("security:password.current")}
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        )}
        <PasswordField
          id="new-password"
          label={t("security:password.new")}
          hint={t(state.passwordComplexity ? "security:password.hintComplex" : "security:password.hint")}
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <PasswordField
          id="repeat-password"
          label={t("security:password.repeat")}
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
        {change && (
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-0.5 size-4 rounded border-slate-400"
              checked={signOutOthers}
              onChange={(e) => setSignOutOthers(e.target.checked)}
            />
            {t("security:password.signOutOthers")}
          </label>
        )}
        <Button type="submit" variant="strong" size="md" disabled={busy} aria-busy={busy || undefined}>
          {t(change ? "security:password.submitChange" : "security:password.submitSet")}
        </Button>
      </form>
      {dialog}
    </AccountSection>
  );
}

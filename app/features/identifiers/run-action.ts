import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AccountSecurity } from "../../../core/api";
import { authErrorMessage } from "../../identity/errors";
import { ReverificationCancelled, useReverification } from "../security/reverification";
import { failureOf } from "../security/security-api";

/**
 * One section's actions: each runs (asking for reverification when the server wants it), then the
 * section shows what was done or the translated refusal, and reloads its list.
 */
export function useSectionActions(method: AccountSecurity["reverification"] | undefined, reload: () => Promise<void>, fallbackKey: string) {
  const { t } = useTranslation(["account", "auth", "security"]);
  const { guarded, dialog } = useReverification(method);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  async function run(action: () => Promise<unknown>, done?: string | (() => string)): Promise<boolean> {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      await guarded(action);
      if (done) setNotice(typeof done === "function" ? done() : done);
      await reload();
      return true;
    } catch (failure) {
      if (!(failure instanceof ReverificationCancelled)) setError(authErrorMessage(t as never, failureOf(failure), fallbackKey));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const clear = () => {
    setError(undefined);
    setNotice(undefined);
  };
  return { run, busy, error, notice, setError, clear, dialog };
}

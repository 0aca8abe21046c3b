import { useTranslation } from "react-i18next";
import type { AccountSecurity } from "../../../core/api";
import { useAction } from "../../api/use-action";
import { authErrorMessage } from "../../identity/errors";
import { failureOf } from "../../identity/failures";
import { ReverificationCancelled, useReverification } from "../security/reverification";

/**
 * One section's actions: each runs (asking for reverification when the server wants it), then the
 * section shows what was done or the translated refusal, and reloads its list.
 */
export function useSectionActions(method: AccountSecurity["reverification"] | undefined, reload: () => Promise<void>, fallbackKey: string) {
  const { t } = useTranslation(["account", "auth", "security"]);
  const { guarded, dialog } = useReverification(method);
  const action = useAction({
    guard: guarded,
    onDone: reload,
    failure: (failure) =>
      failure instanceof ReverificationCancelled ? null : authErrorMessage(t as never, failureOf(failure), fallbackKey),
  });
  return { ...action, dialog };
}

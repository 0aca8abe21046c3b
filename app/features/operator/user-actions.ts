import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "../../api/client";

/**
 * Runs one console action at a time: busy while it runs, the server's message (or the console's
 * own) when it is refused, and the notice it answers when it succeeds.
 */
export function useAction(onDone: () => void) {
  const { t } = useTranslation("operator");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const run = async (action: () => Promise<string>) => {
    if (busy) return;
    setBusy(true);
    setError("");
    setNotice("");
    try {
      setNotice(await action());
      onDone();
    } catch (e) {
      setError((e instanceof ApiRequestError && e.message) || t("errors.actionFailed"));
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, error, notice };
}

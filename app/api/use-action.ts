import { useState } from "react";
import { ApiRequestError } from "./client";

export interface ActionOptions {
  /**
   * The message for a refusal: a string is the fallback when our server gave no message; a
   * function decides itself, and answering null shows nothing (a dialog the person closed).
   */
  failure: string | ((error: unknown) => string | null);
  /** Runs after a success, such as reading the list again; the action stays busy until it is done. */
  onDone?: () => unknown;
  /** Wraps each action, such as asking for the account's proof again when the server wants it. */
  guard?: <T>(action: () => Promise<T>) => Promise<T>;
}

/**
 * Runs one action of a screen at a time: busy while it runs, the refusal's message when it fails,
 * and a notice of what was done when it succeeds (`done`, else the string the action answers).
 * Resolves whether the action went through.
 */
export function useAction({ failure, onDone, guard }: ActionOptions) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");

  async function run(action: () => Promise<unknown>, done?: string | (() => string)): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setError("");
    setNotice("");
    try {
      const answer = await (guard ? guard(action) : action());
      const text = typeof done === "function" ? done() : (done ?? (typeof answer === "string" ? answer : ""));
      setNotice(text);
      await onDone?.();
      return true;
    } catch (e) {
      const message = typeof failure === "function" ? failure(e) : (e instanceof ApiRequestError && e.message) || failure;
      if (message) setError(message);
      return false;
    } finally {
      setBusy(false);
    }
  }

  const clear = () => {
    setError("");
    setNotice("");
  };
  return { run, busy, error, notice, setError, clear };
}

import { useCallback, useEffect, useState } from "react";
import { ApiRequestError } from "../../api/client";

export type Load<T> = { state: "loading" } | { state: "loaded"; data: T } | { state: "failed"; status: number; message: string };

/**
 * Loads what a console screen shows, again whenever `key` changes or `reload` is called; an
 * answer that arrives after a newer request started is dropped.
 */
export function useLoad<T>(key: string, load: () => Promise<T>): [Load<T>, () => void] {
  const [result, setResult] = useState<Load<T>>({ state: "loading" });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` fetches.
  useEffect(() => {
    let current = true;
    setResult((r) => (r.state === "loaded" ? r : { state: "loading" }));
    load().then(
      (data) => current && setResult({ state: "loaded", data }),
      (error: unknown) =>
        current &&
        setResult({
          state: "failed",
          status: error instanceof ApiRequestError ? error.status : 0,
          message: error instanceof ApiRequestError ? error.message : "",
        }),
    );
    return () => {
      current = false;
    };
  }, [key, round]);
  return [result, useCallback(() => setRound((n) => n + 1), [])];
}

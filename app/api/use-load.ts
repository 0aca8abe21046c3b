import { useCallback, useEffect, useRef, useState } from "react";
import { ApiRequestError } from "./client";

/** What a screen shows while it reads from our API: a spinner, the answer, or the refusal. */
export type Load<T> = { state: "loading" } | { state: "loaded"; data: T } | { state: "failed"; status: number; message: string };

/**
 * Reads what a screen shows, again whenever `key` changes or `reload` is called. What was shown
 * stays while a new read runs (no spinner flashes after a change); an answer that arrives after
 * a newer read started is dropped. `reload` resolves once its answer is shown.
 */
export function useLoad<T>(key: string, load: () => Promise<T>): [Load<T>, () => Promise<void>] {
  const [result, setResult] = useState<Load<T>>({ state: "loading" });
  const latest = useRef(0);
  // The newest function, so that `reload` stays one function while callers pass fresh closures.
  const read = useRef(load);
  read.current = load;

  const run = useCallback(async () => {
    const round = ++latest.current;
    setResult((r) => (r.state === "loaded" ? r : { state: "loading" }));
    try {
      const data = await read.current();
      if (round === latest.current) setResult({ state: "loaded", data });
    } catch (error) {
      if (round !== latest.current) return;
      const refused = error instanceof ApiRequestError;
      setResult({ state: "failed", status: refused ? error.status : 0, message: refused ? error.message : "" });
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` reads.
  useEffect(() => {
    void run();
    return () => {
      latest.current++;
    };
  }, [key, run]);
  return [result, run];
}

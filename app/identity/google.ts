import { useEffect, useState } from "react";
import type { Language } from "../../core/languages";
import { request } from "../api/client";
import { authClient } from "./client";

/** Whether this deployment offers Google sign-in; undefined until known. */
export function useGoogleAvailable(): boolean | undefined {
  const [available, setAvailable] = useState<boolean>();
  useEffect(() => {
    let live = true;
    request("GET /api/auth/providers")
      .then((body) => live && setAvailable(Boolean(body.google)))
      .catch(() => live && setAvailable(false));
    return () => {
      live = false;
    };
  }, []);
  return available;
}

/**
 * Leaves for Google. The plan and team name ride along in the OAuth state so the server can set
 * up the account on return; the browser comes back to `callbackURL` (or `errorCallbackURL`).
 */
export async function continueWithGoogle(opts: {
  lang: Language;
  callbackURL: string;
  errorCallbackURL: string;
  plan?: { planType: "individual" | "pro"; teamName: string };
}) {
  return authClient.signIn.social({
    provider: "google",
    callbackURL: opts.callbackURL,
    errorCallbackURL: opts.errorCallbackURL,
    additionalData: { locale: opts.lang, ...(opts.plan ?? {}) },
  });
}

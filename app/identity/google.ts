import { useEffect, useState } from "react";
import type { Language } from "../../core/languages";
import { request } from "../api/client";
import { authClient } from "./client";

// Asked once per page load: the wizard's steps and a return to sign-in then show the button at once.
let known: boolean | undefined;
let asking: Promise<boolean> | undefined;

/** Whether this deployment offers Google sign-in; undefined until known. */
export function useGoogleAvailable(): boolean | undefined {
  const [available, setAvailable] = useState(known);
  useEffect(() => {
    let live = true;
    asking ??= request("GET /api/auth/providers")
      .then((body) => Boolean(body.google))
      .catch(() => {
        asking = undefined;
        return false;
      });
    void asking.then((google) => {
      if (asking) known = google;
      if (live) setAvailable(google);
    });
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
  /** The sign-up's agreement to the terms and privacy policy, recorded if Google creates the account. */
  legalConsent?: boolean;
}) {
  return authClient.signIn.social({
    provider: "google",
    callbackURL: opts.callbackURL,
    errorCallbackURL: opts.errorCallbackURL,
    additionalData: { locale: opts.lang, ...(opts.plan ?? {}), ...(opts.legalConsent ? { legalConsent: true } : {}) },
  });
}

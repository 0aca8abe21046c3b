import { useEffect, useState } from "react";
import type { AuthProviders } from "../../core/api";
import type { Language } from "../../core/languages";
import { request } from "../api/client";
import { authClient } from "./client";

// Asked once per page load: the wizard's steps and a return to sign-in then show the buttons at once.
let known: AuthProviders | undefined;
let asking: Promise<AuthProviders> | undefined;
const NONE: AuthProviders = { google: false, emailCode: false, emailLink: false, phone: false };

/** The optional sign-in methods this deployment offers (GET /api/auth/providers); undefined until known. */
export function useAuthProviders(): AuthProviders | undefined {
  const [available, setAvailable] = useState(known);
  useEffect(() => {
    let live = true;
    asking ??= request("GET /api/auth/providers")
      .then((body) => ({
        google: Boolean(body.google),
        emailCode: Boolean(body.emailCode),
        emailLink: Boolean(body.emailLink),
        phone: Boolean(body.phone),
      }))
      .catch(() => {
        asking = undefined;
        return NONE;
      });
    void asking.then((providers) => {
      if (asking) known = providers;
      if (live) setAvailable(providers);
    });
    return () => {
      live = false;
    };
  }, []);
  return available;
}

/** Whether this deployment offers Google sign-in; undefined until known. */
export function useGoogleAvailable(): boolean | undefined {
  return useAuthProviders()?.google;
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
  /** The address Google should offer first (a team invitation's). */
  loginHint?: string;
}) {
  return authClient.signIn.social({
    provider: "google",
    callbackURL: opts.callbackURL,
    errorCallbackURL: opts.errorCallbackURL,
    ...(opts.loginHint ? { loginHint: opts.loginHint } : {}),
    additionalData: { locale: opts.lang, ...(opts.plan ?? {}), ...(opts.legalConsent ? { legalConsent: true } : {}) },
  });
}

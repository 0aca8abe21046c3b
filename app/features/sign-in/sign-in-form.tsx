import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import type { SignInAnswer } from "../../../core/api";
import { isUsernameIdentifier } from "../../../core/username";
import { LocalizedLink, useLanguage } from "../../i18n";
import { authClient } from "../../identity/client";
import { type AuthError, authErrorMessage, errorCode } from "../../identity/errors";
import { continueWithGoogle, useAuthProviders } from "../../identity/google";
import { rememberAuthorization } from "../../identity/return-to";
import { SessionCheckFailed } from "../../identity/session-check-failed";
import { sessionState, sessionUnreadable } from "../../identity/session-state";
import { linkClass, PageSpinner, TextField } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { useHydrated } from "../../ui/use-hydrated";
import { AuthShell } from "../auth-shell/auth-shell";
import { FormButton } from "../auth-shell/form-button";
import { GoogleButton } from "../auth-shell/google-button";
import { OrDivider } from "../auth-shell/or-divider";
import { PasswordField } from "../auth-shell/password-field";
import { StepHeading } from "../auth-shell/step-heading";
import { useBotCheck } from "../bot-check/use-bot-check";
import { PhoneSignInForm } from "../phone/phone-sign-in-form";
import { SecondFactorForm } from "../security/second-factor-form";
import type { VerifyEmailState } from "../sign-up/state";
import { EmailCodeSignIn } from "./email-code-sign-in";
import { EmailLinkSignIn } from "./email-link-sign-in";
import { LinkLanding } from "./link-landing";
import { type FirstFactorDone, secondStepOf } from "./sign-in-answer";
import { SsoButton } from "./sso-button";

/**
 * The sign-in page: e-mail address or username and password, Google, and the way to the password
 * reset and sign-up; once interactive also a passkey, an e-mailed code and an e-mailed link where
 * the deployment offers them. With `?add=1` a signed-in visitor signs in with a further account (the user
 * menu's "Add account") and stays signed in with the first. `?link=` is the page an e-mailed
 * sign-in link opens; `?second-step=` the second step after Google (server/auth/second-factor.ts).
 */
export function SignInForm() {
  const { t } = useTranslation(["auth", "account"]);
  const lang = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = authClient.useSession();
  const state = sessionState(session);
  const hydrated = useHydrated();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  /** The password was right; the account asks for its second step (the methods it has). */
  const [secondFactor, setSecondFactor] = useState<string[] | null>(null);
  /** The password was right but is on the list of common passwords: it must be reset first. */
  const [mustReset, setMustReset] = useState(false);
  /** Another first factor than the password, chosen by its button. */
  const [method, setMethod] = useState<"password" | "code" | "link" | "phone">("password");
  const providers = useAuthProviders();
  const oauthFailed = params.get("oauth") === "error";
  // Read after hydration only: the prerendered page has no query string.
  const linkToken = hydrated ? params.get("link") : null;
  const secondStep = params.get("second-step");
  const addingAccount = params.get("add") === "1";
  const dashboard = `/${lang}/dashboard`;

  // Opened by an app's authorization: once signed in, the dashboard opens the authorization again.
  useEffect(() => {
    if (hydrated) rememberAuthorization(params);
  }, [hydrated, params]);

  // After hydration: the prerendered form has no query string, so the first render must not use it.
  useEffect(() => {
    if (oauthFailed) setError(t("google.failed"));
  }, [oauthFailed, t]);

  // Google's return for an account with two-step verification (the server sends it here).
  useEffect(() => {
    if (secondStep) setSecondFactor(secondStep.split(",").filter((m) => m === "totp" || m === "otp"));
  }, [secondStep]);

  // The link's page says what happened to the link, signed in or not.
  useEffect(() => {
    if (session.data && !addingAccount && !linkToken) navigate(dashboard, { replace: true });
  }, [session.data, addingAccount, linkToken, navigate, dashboard]);

  // After failed attempts the server asks for a proof of work (docs/decisions/129); it solves in the background.
  const bots = useBotCheck(false);
  const attempt = async (identifier: string) => {
    const fetchOptions = { headers: await bots.headers().catch(() => ({})) };
    return isUsernameIdentifier(identifier)
      ? authClient.signIn.username({ username: identifier, password, fetchOptions })
      : authClient.signIn.email({ email: identifier, password, fetchOptions });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) return setError(t("signIn.required"));
    setError(undefined);
    setMustReset(false);
    setBusy(true);
    const identifier = email.trim();
    let { data, error: failure } = await attempt(identifier);
    if (errorCode(failure) === "captcha_invalid") {
      // Asked for the first time on this page: the same attempt goes again once the check is solved.
      bots.start();
      ({ data, error: failure } = await attempt(identifier));
    }
    if (failure) {
      setBusy(false);
      // A wrong password: the next attempts may be asked for a proof of work, so it starts solving now.
      if (failure.status === 401) bots.start();
      const code = errorCode(failure);
      if (code === "email_not_verified" && !isUsernameIdentifier(identifier)) {
        // Not locked out: a fresh code goes out and the wizard's verification step takes over.
        await authClient.emailOtp.sendVerificationOtp({ email: email.trim(), type: "email-verification" });
        navigate(`/${lang}/sign-up`, { state: { verifyEmail: email.trim() } satisfies VerifyEmailState });
        return;
      }
      const down = !failure.status || failure.status >= 502;
      if (down && code !== "maintenance" && code !== "captcha_unavailable") return setError(t("signIn.notReady"));
      setMustReset(code === "form_password_pwned_sign_in");
      return setError(authErrorMessage(t, failure, "signIn.error"));
    }
    const challenge = data as { twoFactorRedirect?: boolean; twoFactorMethods?: string[] } | null;
    if (challenge?.twoFactorRedirect) {
      setBusy(false);
      return setSecondFactor(challenge.twoFactorMethods ?? []);
    }
    // Anything short of a session (e.g. a further factor being asked for) is not a completed sign-in.
    if (!data?.token) {
      setBusy(false);
      return setError(t("signIn.incomplete"));
    }
    await session.refetch();
    navigate(dashboard, { replace: true });
  };

  // A passkey: by the button, or picked from the browser's suggestions on the e-mail field. The
  // passkey code is loaded only here, after the page has become interactive.
  const passkey = async (autofill: boolean) => {
    if (!autofill) {
      setBusy(true);
      setError(undefined);
    }
    try {
      const { signInWithPasskey } = await import("../../identity/passkey");
      if (!(await signInWithPasskey(autofill))) return;
    } catch (failure) {
      setBusy(false);
      return setError(authErrorMessage(t, failure as AuthError, "signIn.error"));
    }
    await session.refetch();
    navigate(dashboard, { replace: true });
  };
  // A connected Web3 wallet: its code is loaded only when the button is pressed.
  const wallet = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { signInWithWallet } = await import("../../identity/wallet");
      await signInWithWallet();
    } catch (failure) {
      setBusy(false);
      return setError(authErrorMessage(t, failure as AuthError, "signIn.error"));
    }
    await session.refetch();
    navigate(dashboard, { replace: true });
  };

  const passkeyRef = useRef(passkey);
  passkeyRef.current = passkey;

  useEffect(() => {
    if (!hydrated) return;
    void passkeyRef.current(true);
    return () => {
      void import("../../identity/passkey").then(({ cancelPasskeyAutofill }) => cancelPasskeyAutofill());
    };
  }, [hydrated]);

  const google = async () => {
    setBusy(true);
    const { error: failure } = await continueWithGoogle({ lang, callbackURL: dashboard, errorCallbackURL: `/${lang}/sign-in?oauth=error` });
    if (failure) {
      setBusy(false);
      setError(t("google.failed"));
    }
  };

  // The form is in the prerendered page, so it paints at once; its controls stay disabled until
  // the page is interactive (a submit before that would be a plain GET with the password in the URL).
  // A signed-in visitor is sent on to the dashboard once the session is known.
  if (session.data && !(hydrated && (addingAccount || linkToken))) {
    return <PageSpinner />;
  }

  const signedIn = async () => {
    await session.refetch();
    navigate(dashboard, { replace: true });
  };

  /** An e-mailed code or link was right: the second step, or the dashboard. */
  const firstFactorDone: FirstFactorDone = (answer) => {
    const methods = secondStepOf(answer);
    if (methods) return setSecondFactor(methods);
    void signedIn();
  };

  if (secondFactor) {
    return (
      <AuthShell>
        <SecondFactorForm methods={secondFactor} onSignedIn={() => void signedIn()} />
      </AuthShell>
    );
  }

  if (linkToken) {
    return (
      <AuthShell>
        <LinkLanding token={linkToken} onDone={firstFactorDone} />
      </AuthShell>
    );
  }

  // "Use your phone": a code texted to a verified number; it ends like the other first factors.
  if (method === "phone") {
    return (
      <AuthShell>
        <PhoneSignInForm onResult={(result) => firstFactorDone(result as SignInAnswer)} onBack={() => setMethod("password")} />
      </AuthShell>
    );
  }

  // In maintenance nothing can be submitted: the notice takes the form's place.
  if (state === "maintenance") {
    return (
      <AuthShell>
        <StepHeading title={t("signIn.title")} autoFocus={false} />
        <SessionCheckFailed inline maintenance onRetry={() => void session.refetch()} />
      </AuthShell>
    );
  }

  if (method !== "password") {
    const Other = method === "code" ? EmailCodeSignIn : EmailLinkSignIn;
    return (
      <AuthShell>
        <Other initialEmail={email.trim()} onDone={firstFactorDone} onCancel={() => setMethod("password")} />
      </AuthShell>
    );
  }

  return (
    <AuthShell>
      {/* A signed-in visitor whose session could not be read is offered a retry, not taken as signed out. */}
      {sessionUnreadable(state) && <SessionCheckFailed inline onRetry={() => void session.refetch()} />}
      <form onSubmit={submit} noValidate>
        <fieldset disabled={!hydrated} className="min-w-0 space-y-5">
          <StepHeading title={t("signIn.title")} subtitle={t("signIn.subtitle")} autoFocus={false} />
          {hydrated && addingAccount && session.data && (
            <FormAlert tone="info">
              {t("account:addAccount.notice", { email: session.data.user.email })}{" "}
              <LocalizedLink to="/dashboard" className={linkClass}>
                {t("account:addAccount.cancel")}
              </LocalizedLink>
            </FormAlert>
          )}
          {error && (
            <FormAlert>
              {error}
              {mustReset && (
                <>
                  {" "}
                  <LocalizedLink to="/forgot-password" className={linkClass}>
                    {t("security:signIn.resetPassword" as never)}
                  </LocalizedLink>
                </>
              )}
            </FormAlert>
          )}
          <TextField
            id="email"
            label={t("account:identifierLabel")}
            // "webauthn": the browser also suggests the site's passkeys here (see `passkey`).
            autoComplete="username webauthn"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {hydrated && <SsoButton email={email} />}
          <div>
            <PasswordField
              id="password"
              label={t("passwordLabel")}
              value={password}
              autoComplete="current-password"
              required
              onChange={(e) => setPassword(e.target.value)}
            />
            <p className="mt-2 text-right text-sm">
              <LocalizedLink to="/forgot-password" className={linkClass}>
                {t("signIn.forgotPassword")}
              </LocalizedLink>
            </p>
          </div>
          {bots.element}
          <FormButton type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t("signIn.submitting") : t("signIn.submit")}
          </FormButton>
          {/* Offered once the page is interactive, so the prerendered form stays as it was. */}
          {hydrated && (
            <>
              <OrDivider />
              <FormButton variant="secondary" onClick={() => void passkey(false)} disabled={busy}>
                {t("signIn.usePasskey")}
              </FormButton>
              {providers?.emailCode && (
                <FormButton variant="secondary" onClick={() => setMethod("code")} disabled={busy}>
                  {t("signIn.emailCode")}
                </FormButton>
              )}
              {providers?.emailLink && (
                <FormButton variant="secondary" onClick={() => setMethod("link")} disabled={busy}>
                  {t("signIn.emailLink")}
                </FormButton>
              )}
              {providers?.phone && (
                <FormButton
                  variant="secondary"
                  onClick={() => {
                    setError(undefined);
                    setMethod("phone");
                  }}
                  disabled={busy}
                >
                  {t("phone:signIn.usePhone" as never)}
                </FormButton>
              )}
              <FormButton variant="secondary" onClick={() => void wallet()} disabled={busy}>
                {t("signIn.useWallet")}
              </FormButton>
            </>
          )}
          <GoogleButton onClick={google} busy={busy} divider={hydrated ? "none" : "before"} />
          <p className="text-center text-sm text-slate-600">
            {t("signIn.noAccount")}{" "}
            <LocalizedLink to="/sign-up" className={linkClass}>
              {t("signIn.signUp")}
            </LocalizedLink>
          </p>
        </fieldset>
      </form>
    </AuthShell>
  );
}

import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { isUsernameIdentifier } from "../../../core/username";
import { LocalizedLink, useLanguage } from "../../i18n";
import { authClient } from "../../identity/client";
import { type AuthError, authErrorMessage } from "../../identity/errors";
import { continueWithGoogle } from "../../identity/google";
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
import { SecondFactorForm } from "../security/second-factor-form";
import type { VerifyEmailState } from "../sign-up/state";

/**
 * The sign-in page: e-mail address or username and password, Google, and the way to the password
 * reset and sign-up. With `?add=1` a signed-in visitor signs in with a further account (the user
 * menu's "Add account") and stays signed in with the first.
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
  const oauthFailed = params.get("oauth") === "error";
  const addingAccount = params.get("add") === "1";
  const dashboard = `/${lang}/dashboard`;

  // After hydration: the prerendered form has no query string, so the first render must not use it.
  useEffect(() => {
    if (oauthFailed) setError(t("google.failed"));
  }, [oauthFailed, t]);

  useEffect(() => {
    if (session.data && !addingAccount) navigate(dashboard, { replace: true });
  }, [session.data, addingAccount, navigate, dashboard]);

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
    if (failure?.code === "captcha_invalid") {
      // Asked for the first time on this page: the same attempt goes again once the check is solved.
      bots.start();
      ({ data, error: failure } = await attempt(identifier));
    }
    if (failure) {
      setBusy(false);
      // A wrong password: the next attempts may be asked for a proof of work, so it starts solving now.
      if (failure.status === 401) bots.start();
      if (failure.code === "EMAIL_NOT_VERIFIED" && !isUsernameIdentifier(identifier)) {
        // Not locked out: a fresh code goes out and the wizard's verification step takes over.
        await authClient.emailOtp.sendVerificationOtp({ email: email.trim(), type: "email-verification" });
        navigate(`/${lang}/sign-up`, { state: { verifyEmail: email.trim() } satisfies VerifyEmailState });
        return;
      }
      const down = !failure.status || failure.status >= 502;
      if (down && failure.code !== "MAINTENANCE" && failure.code !== "captcha_unavailable") return setError(t("signIn.notReady"));
      setMustReset(failure.code === "form_password_pwned_sign_in");
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
  if (session.data && !(hydrated && addingAccount)) {
    return <PageSpinner />;
  }

  const signedIn = async () => {
    await session.refetch();
    navigate(dashboard, { replace: true });
  };

  if (secondFactor) {
    return (
      <AuthShell>
        <SecondFactorForm methods={secondFactor} onSignedIn={() => void signedIn()} />
      </AuthShell>
    );
  }

  return (
    <AuthShell>
      {/* A signed-in visitor whose session could not be read is offered a retry, not taken as signed out. */}
      {sessionUnreadable(state) && (
        <SessionCheckFailed inline maintenance={state === "maintenance"} onRetry={() => void session.refetch()} />
      )}
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

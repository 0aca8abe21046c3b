import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import type { InvitationPreview } from "../../../core/api";
import { wireCodeOf } from "../../../core/error-codes";
import { splitName } from "../../../core/names";
import { fetchInvitationPreview } from "../../api/teams";
import { useLanguage } from "../../i18n";
import { authClient } from "../../identity/client";
import { authErrorMessage, errorCode } from "../../identity/errors";
import { continueWithGoogle } from "../../identity/google";
import { rememberReturn } from "../../identity/return-to";
import { SessionCheckFailed } from "../../identity/session-check-failed";
import { sessionState, sessionUnreadable } from "../../identity/session-state";
import { PageSpinner } from "../../ui";
import { useHydrated } from "../../ui/use-hydrated";
import { AuthShell } from "../auth-shell/auth-shell";
import { useBotCheck } from "../bot-check/use-bot-check";
import type { DashboardNoticeState } from "../dashboard/dashboard-notice";
import { RestrictedScreen, useSignUpMode, WaitlistScreen } from "./access-screens";
import { BackToHome, LeaveDialog } from "./leave-dialog";
import { WizardProgress } from "./progress";
import {
  clearSavedForm,
  EMPTY_FORM,
  loadForm,
  previousStep,
  reachableStep,
  type SignUpForm,
  type Step,
  saveForm,
  stepEntry,
  stepForSignedInUser,
  type VerifyEmailState,
} from "./state";
import { CredentialsStep } from "./steps/credentials-step";
import { NameStep } from "./steps/name-step";
import { PaymentStep } from "./steps/payment-step";
import { PlanStep } from "./steps/plan-step";
import { VerificationStep } from "./steps/verification-step";
import { WelcomeStep } from "./steps/welcome-step";
import { useCheckoutOffer } from "./use-checkout-offer";
import "./wizard.css";

/**
 * The sign-up wizard: six steps, the sixth (payment) for pro only. Each step is an entry in the
 * browser history, and what was entered (except the password) survives a reload in session
 * storage. The first step is in the prerendered page; its controls wait for hydration.
 */
export function SignUpWizard() {
  const { t } = useTranslation("auth");
  const lang = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const session = authClient.useSession();
  const state = sessionState(session);
  const hydrated = useHydrated();

  const [form, setForm] = useState<SignUpForm>(EMPTY_FORM);
  const [restored, setRestored] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Step, string>>>({});
  // The sign-up mode refused the address (docs/decisions/128): its screen replaces the wizard.
  const [refused, setRefused] = useState<"restricted" | "waitlist" | null>(null);
  const mode = useSignUpMode();
  // Opened from a team invitation ("?invitation=id"): the invited address, locked, and no plan to
  // choose; the account starts as Individual and the dashboard brings it back to the invitation.
  const [invited, setInvited] = useState<InvitationPreview | null>(null);
  const decided = useRef(false);
  // Set before navigations that complete the wizard, so the leave dialog does not ask.
  const done = useRef(false);

  const user = session.data?.user;
  const signedIn = state === "signed-in" ? true : state === "signed-out" ? false : undefined;
  const entry = stepEntry(location.state);
  const step: Step = restored ? reachableStep(entry?.step ?? 1, form, signedIn) : 1;
  // A signed-in user's checkout offer: one whose subscription or trial runs never reaches a checkout.
  const offer = useCheckoutOffer(signedIn ? user?.id : undefined);
  // Bot protection (docs/decisions/129): solved in the background from the moment step 4 is shown.
  const bots = useBotCheck(step === 4);

  // The step shown and how it arrived: steps slide in from the side they come from, and a step
  // reached by moving (not the first one painted) puts the focus on its first field.
  const [view, setView] = useState({ step: 1 as Step, direction: "forward" as "forward" | "back", moved: false, settled: false });
  if (restored && (!view.settled || step !== view.step)) {
    setView({ step, direction: step >= view.step ? "forward" : "back", moved: view.settled && step !== view.step, settled: true });
  }

  // The browser's Back out of the first step asks first. No router blocker (it would add to the
  // landing page's script): once the visitor acts on the first step, a second entry of it is pushed
  // (a guard); Back from there comes to the first entry of the wizard, which opens the leave dialog.
  const guard = (location.state as { guard?: boolean } | null)?.guard === true;
  const guarded = useRef(false);
  const [leaving, setLeaving] = useState(false);
  if (guard) guarded.current = true;

  const here = `${location.pathname}${location.search}`;
  const go = (next: Step, options: { replace?: boolean } = {}) => {
    setErrors({});
    const state = { step: next, prev: step, ...(next === 1 && guarded.current ? { guard: true } : {}) };
    navigate(here, { state, replace: options.replace });
    window.scrollTo({ top: 0 });
  };
  // The page's Back is the browser's Back when the entry before is that step; otherwise it takes
  // this entry's place (a signed-in visitor who arrived straight at payment, say).
  const back = () => {
    const target = previousStep(step);
    if (entry?.prev === target) navigate(-1);
    else go(target, { replace: true });
  };
  const fail = (at: Step, message: string) => setErrors((e) => ({ ...e, [at]: message }));
  const finish = () => {
    done.current = true;
    clearSavedForm();
  };
  const toDashboard = () => {
    finish();
    navigate(`/${lang}/dashboard`, { replace: true });
  };

  // What was entered before a reload; a plan named in the address (the pricing cards) is chosen over it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, after hydration
  useEffect(() => {
    const saved = loadForm();
    const plan = params.get("plan");
    const chosen: Partial<SignUpForm> = plan === "pro" || plan === "individual" ? { planType: plan } : {};
    setForm((f) => ({ ...(saved ?? f), ...chosen }));
    setRestored(true);
  }, []);

  useEffect(() => {
    if (restored && !done.current) saveForm(form);
  }, [form, restored]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, after hydration
  useEffect(() => {
    const invitationId = params.get("invitation");
    if (!invitationId) return;
    rememberReturn(`/${lang}/teams/invitations/${invitationId}`);
    fetchInvitationPreview(invitationId).then(
      (preview) => {
        setInvited(preview);
        setForm((f) => ({ ...f, email: preview.email, planType: "individual", teamName: "" }));
      },
      // A revoked or expired invitation: an ordinary sign-up, which the invitation page then explains.
      () => undefined,
    );
  }, []);

  // Once the session is known: a return from Google, a redirect from sign-in for an unverified
  // address, or a signed-in visitor decide the step. A failed read decides nothing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: decided once, on the first known session
  useEffect(() => {
    if (!restored || state === "pending" || state === "unknown" || decided.current) return;
    decided.current = true;
    const oauth = params.get("oauth");
    const verifyEmail = (location.state as VerifyEmailState | null)?.verifyEmail;
    if (user) {
      setForm((f) => ({
        ...f,
        fullName: user.name ?? "",
        email: user.email,
        planType: user.planType === "pro" ? "pro" : "individual",
        teamName: user.teamName ?? "",
      }));
    }
    if (oauth === "error" || (oauth === "complete" && !user)) {
      go(2, { replace: true });
      const code = wireCodeOf(params.get("error"));
      if (code === "sign_up_restricted") setRefused("restricted");
      else if (code === "sign_up_waitlist") setRefused("waitlist");
      setErrors({ 2: code === "not_allowed_access" ? t("errors.not_allowed_access") : t("google.failed") });
    } else if (user) {
      const target = stepForSignedInUser(user);
      if (target === "dashboard" && oauth === "complete") return void toDashboard();
      // A signed-in visitor has no account to create: steps 2 to 4 lead on to payment.
      if (target === 6 && step < 5) go(6, { replace: true });
    } else if (verifyEmail) {
      setForm((f) => ({ ...f, email: verifyEmail }));
      go(5, { replace: true });
    }
  }, [state, restored]);

  // Pro already runs for this account: the dashboard says so instead of offering a second checkout (docs/decisions/145).
  // biome-ignore lint/correctness/useExhaustiveDependencies: decided by the offer alone
  useEffect(() => {
    if (offer !== "running") return;
    finish();
    const state: DashboardNoticeState = { notice: "subscriptionRunning" };
    navigate(`/${lang}/dashboard`, { replace: true, state });
  }, [offer]);

  // The back-to-home button asks first, and so does the browser's Back from the first step (above).
  const leave = () => {
    finish();
    navigate(`/${lang}/`);
  };

  // The first user action on the first step pushes the guard entry (the browser skips entries that
  // were pushed without one when going back).
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the step and the entry
  useEffect(() => {
    if (!restored || step !== 1 || guarded.current) return;
    const arm = () => {
      if (guarded.current) return;
      guarded.current = true;
      navigate(here, { state: { step: 1, guard: true } });
    };
    document.addEventListener("pointerdown", arm, true);
    document.addEventListener("keydown", arm, true);
    return () => {
      document.removeEventListener("pointerdown", arm, true);
      document.removeEventListener("keydown", arm, true);
    };
  }, [restored, step, location.key]);

  // Back from the guard lands on the wizard's first entry: ask before leaving it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per history entry
  useEffect(() => {
    if (restored && step === 1 && guarded.current && !guard) setLeaving(true);
  }, [location.key]);

  const planNext = async () => {
    if (!user) return go(2);
    // A signed-in visitor: individual goes to the dashboard, pro goes to payment. Only pro users may
    // create teams, so the team named here is created when the checkout completes.
    if (form.planType === "individual") return toDashboard();
    setBusy(true);
    const updated = await authClient.updateUser({ planType: "pro", teamName: form.teamName.trim() });
    setBusy(false);
    if (updated.error) return fail(1, authErrorMessage(t, updated.error, "signUp.credentials.error"));
    go(6);
  };

  const google = async () => {
    setBusy(true);
    const { error } = await continueWithGoogle({
      lang,
      callbackURL: `/${lang}/sign-up?oauth=complete`,
      errorCallbackURL: `/${lang}/sign-up?oauth=error`,
      plan: { planType: form.planType, teamName: form.teamName.trim() },
      legalConsent: form.legalConsent,
      loginHint: invited?.email,
    });
    // On success the browser is already on its way to Google.
    if (error) {
      setBusy(false);
      fail(2, t("google.failed"));
    }
  };

  const createAccount = async () => {
    if (form.planType === "pro" && !form.teamName.trim()) return fail(4, t("signUp.planSelection.teamNameRequired"));
    setBusy(true);
    // The proof of work has been solving since the step was shown; usually it is done by now.
    const headers = await bots.headers().catch(() => null);
    if (!headers) {
      setBusy(false);
      return fail(4, authErrorMessage(t, { code: "captcha_unavailable" }, "signUp.credentials.error"));
    }
    // The agreement to the terms is a field of the request only (the server records its time and version).
    const { error } = await authClient.signUp.email({
      name: form.fullName.trim(),
      ...splitName(form.fullName),
      email: form.email.trim(),
      password: form.password,
      planType: form.planType,
      teamName: form.planType === "pro" ? form.teamName.trim() : undefined,
      locale: lang,
      ...({ legalConsent: form.legalConsent } as object),
      fetchOptions: { headers },
    });
    setBusy(false);
    if (errorCode(error) === "sign_up_restricted") return setRefused("restricted");
    if (errorCode(error) === "sign_up_waitlist") return setRefused("waitlist");
    if (error) return fail(4, authErrorMessage(t, error, "signUp.credentials.error"));
    go(5);
  };

  const verify = async (otp: string) => {
    const { data, error } = await authClient.emailOtp.verifyEmail({ email: form.email.trim(), otp });
    if (error) return authErrorMessage(t, error, "signUp.verification.invalidCode");
    const verified = (data as { user?: { planType?: string | null; teamName?: string | null } } | null)?.user;
    await session.refetch();
    if (verified?.planType === "pro") {
      setForm((f) => ({ ...f, planType: "pro", teamName: verified.teamName ?? f.teamName }));
      go(6);
    } else {
      toDashboard();
    }
    return undefined;
  };

  const resend = async () => {
    const { error } = await authClient.emailOtp.sendVerificationOtp({ email: form.email.trim(), type: "email-verification" });
    return !error;
  };

  // In maintenance the wizard says so at once; a failed session read matters where the wizard continues a session.
  if (sessionUnreadable(state) && (state === "maintenance" || params.get("oauth") || entry)) {
    return <SessionCheckFailed maintenance={state === "maintenance"} onRetry={() => void session.refetch()} />;
  }
  // A return from Google waits for the session before showing anything.
  if (hydrated && params.get("oauth") && !decided.current) return <PageSpinner />;
  // A signed-in visitor waits for the offer, so one whose Pro runs never sees a step of the wizard.
  if (signedIn && (offer === "loading" || offer === "running")) return <PageSpinner />;

  // The waitlist's confirmation link; in waitlist mode the waitlist, unless the visitor was invited
  // or is signed in already; an address the mode refused gets its screen.
  // (After hydration: the prerendered page is the first step.)
  const waitlistToken = hydrated ? params.get("waitlist") : null;
  if (waitlistToken) return <WaitlistScreen token={waitlistToken} />;
  if (refused === "restricted") {
    return (
      <RestrictedScreen
        onOtherAddress={() => {
          setRefused(null);
          if (step !== 4) go(4, { replace: true });
        }}
      />
    );
  }
  if (refused === "waitlist" || (mode === "waitlist" && !params.get("invited") && !params.get("invitation") && state === "signed-out")) {
    return <WaitlistScreen email={refused ? form.email.trim() : ""} />;
  }

  const autoFocus = view.moved;
  return (
    <AuthShell topLeft={<BackToHome onLeave={leave} />}>
      <LeaveDialog
        open={leaving}
        onStay={() => {
          setLeaving(false);
          navigate(1);
        }}
        onLeave={() => {
          setLeaving(false);
          finish();
          navigate(-1);
        }}
      />
      <WizardProgress step={step} planType={form.planType} />
      {/* Controls wait for hydration: a submit before it would be a plain GET of the page. */}
      <fieldset disabled={!hydrated} className="min-w-0">
        <div key={step} className={view.moved ? `wizard-step-${view.direction}` : undefined}>
          {step === 1 && (
            <PlanStep
              planType={form.planType}
              teamName={form.teamName}
              legalConsent={form.legalConsent}
              onConsent={(legalConsent) => setForm((f) => ({ ...f, legalConsent }))}
              onChange={(plan) => setForm((f) => ({ ...f, ...plan }))}
              onNext={planNext}
              busy={busy}
              error={errors[1]}
              invitation={invited ? { teamName: invited.teamName } : undefined}
              autoFocus={autoFocus}
            />
          )}
          {step === 2 && (
            <WelcomeStep
              onGoogle={google}
              onEmail={() => go(3)}
              onBack={back}
              googleBusy={busy}
              error={errors[2]}
              invitedEmail={invited?.email}
            />
          )}
          {step === 3 && (
            <NameStep
              fullName={form.fullName}
              onChange={(fullName) => setForm((f) => ({ ...f, fullName }))}
              onNext={() => go(4)}
              onBack={back}
              autoFocus={autoFocus}
            />
          )}
          {step === 4 && (
            <CredentialsStep
              email={form.email}
              password={form.password}
              onChange={(v) => setForm((f) => ({ ...f, ...v }))}
              onSubmit={createAccount}
              onBack={back}
              busy={busy}
              error={errors[4]}
              emailLocked={Boolean(invited)}
              botCheck={bots.element}
              autoFocus={autoFocus}
            />
          )}
          {step === 5 && (
            <VerificationStep
              email={user?.email ?? form.email}
              verified={Boolean(user?.emailVerified)}
              onVerify={verify}
              onResend={resend}
              onContinue={() => go(6)}
              onBack={back}
              autoFocus={autoFocus}
            />
          )}
          {step === 6 && <PaymentStep teamName={form.teamName} offer={offer} onBack={back} onCheckout={clearSavedForm} />}
        </div>
      </fieldset>
    </AuthShell>
  );
}

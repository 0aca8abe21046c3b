import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { splitName } from "../../../core/names";
import { useLanguage } from "../../i18n";
import { authClient } from "../../identity/client";
import { authErrorMessage } from "../../identity/errors";
import { continueWithGoogle } from "../../identity/google";
import { SessionCheckFailed } from "../../identity/session-check-failed";
import { sessionState, sessionUnreadable } from "../../identity/session-state";
import { PageSpinner } from "../../ui";
import { AuthShell } from "../auth-shell/auth-shell";
import { BackToHome } from "./leave-dialog";
import { WizardProgress } from "./progress";
import { EMPTY_FORM, type SignUpForm, type Step, stepForSignedInUser, type VerifyEmailState } from "./state";
import { CredentialsStep } from "./steps/credentials-step";
import { NameStep } from "./steps/name-step";
import { PaymentStep } from "./steps/payment-step";
import { PlanStep } from "./steps/plan-step";
import { VerificationStep } from "./steps/verification-step";
import { WelcomeStep } from "./steps/welcome-step";
import "./wizard.css";

/** The sign-up wizard: six steps, the sixth (payment) for pro only. */
export function SignUpWizard() {
  const { t } = useTranslation("auth");
  const lang = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const session = authClient.useSession();
  const state = sessionState(session);

  const [ready, setReady] = useState(false);
  const [step, setStep] = useState<Step>(1);
  const [direction, setDirection] = useState<"forward" | "back">("forward");
  const [moved, setMoved] = useState(false);
  const [form, setForm] = useState<SignUpForm>(EMPTY_FORM);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Step, string>>>({});
  const decided = useRef(false);

  const go = (next: Step) => {
    setDirection(next > step ? "forward" : "back");
    setMoved(true);
    setErrors({});
    setStep(next);
    window.scrollTo({ top: 0 });
  };
  const fail = (at: Step, message: string) => setErrors((e) => ({ ...e, [at]: message }));
  const toDashboard = () => navigate(`/${lang}/dashboard`, { replace: true });

  // Decide the first step once the session is known: a return from Google, a redirect from
  // sign-in for an unverified address, or a signed-in visitor. A failed read decides nothing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: decided once, on the first known session
  useEffect(() => {
    if (state === "pending" || state === "unknown" || decided.current) return;
    decided.current = true;
    const user = session.data?.user;
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
      setStep(2);
      setErrors({ 2: t("google.failed") });
    } else if (user) {
      const target = stepForSignedInUser(user);
      if (target === "dashboard" && oauth === "complete") return void toDashboard();
      if (target === 6) setStep(6);
    } else if (verifyEmail) {
      setForm((f) => ({ ...f, email: verifyEmail }));
      setStep(5);
    } else if (params.get("plan") === "pro") {
      // The pricing page's Pro card: the plan is chosen, the team name still to be given.
      setForm((f) => ({ ...f, planType: "pro" }));
    }
    setReady(true);
  }, [state]);

  const planNext = async () => {
    const user = session.data?.user;
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
    const { error } = await authClient.signUp.email({
      name: form.fullName.trim(),
      ...splitName(form.fullName),
      email: form.email.trim(),
      password: form.password,
      planType: form.planType,
      teamName: form.planType === "pro" ? form.teamName.trim() : undefined,
      locale: lang,
    });
    setBusy(false);
    if (error) return fail(4, authErrorMessage(t, error, "signUp.credentials.error"));
    go(5);
  };

  const verify = async (otp: string) => {
    const { data, error } = await authClient.emailOtp.verifyEmail({ email: form.email.trim(), otp });
    if (error) return authErrorMessage(t, error, "signUp.verification.invalidCode");
    const user = (data as { user?: { planType?: string | null; teamName?: string | null } } | null)?.user;
    await session.refetch();
    if (user?.planType === "pro") {
      setForm((f) => ({ ...f, planType: "pro", teamName: user.teamName ?? f.teamName }));
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

  if (!ready) {
    return sessionUnreadable(state) ? (
      <SessionCheckFailed maintenance={state === "maintenance"} onRetry={() => void session.refetch()} />
    ) : (
      <PageSpinner />
    );
  }

  return (
    <AuthShell topLeft={<BackToHome />}>
      <WizardProgress step={step} />
      <div key={step} className={moved ? `wizard-step-${direction}` : undefined}>
        {step === 1 && (
          <PlanStep
            planType={form.planType}
            teamName={form.teamName}
            onChange={(plan) => setForm((f) => ({ ...f, ...plan }))}
            onNext={planNext}
            busy={busy}
            error={errors[1]}
            autoFocus={moved}
          />
        )}
        {step === 2 && <WelcomeStep onGoogle={google} onEmail={() => go(3)} onBack={() => go(1)} googleBusy={busy} error={errors[2]} />}
        {step === 3 && (
          <NameStep
            fullName={form.fullName}
            onChange={(fullName) => setForm((f) => ({ ...f, fullName }))}
            onNext={() => go(4)}
            onBack={() => go(2)}
          />
        )}
        {step === 4 && (
          <CredentialsStep
            email={form.email}
            password={form.password}
            onChange={(v) => setForm((f) => ({ ...f, ...v }))}
            onSubmit={createAccount}
            onBack={() => go(3)}
            busy={busy}
            error={errors[4]}
          />
        )}
        {step === 5 && <VerificationStep email={form.email} onVerify={verify} onResend={resend} onBack={() => go(4)} />}
        {step === 6 && <PaymentStep teamName={form.teamName} onBack={() => go(5)} />}
      </div>
    </AuthShell>
  );
}

import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { needsLegalConsent } from "../../../core/legal";
import { request } from "../../api/client";
import { useLanguage } from "../../i18n";
import { authClient } from "../../identity/client";
import { SessionCheckFailed } from "../../identity/session-check-failed";
import { sessionState, sessionUnreadable } from "../../identity/session-state";
import { PageSpinner } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { AuthShell } from "../auth-shell/auth-shell";
import { FormButton } from "../auth-shell/form-button";
import { StepHeading } from "../auth-shell/step-heading";
import { LegalConsentField } from "./legal-dialog";

/** Where to continue after agreeing: a page of this site in the same language, else the dashboard. */
export function continueTo(next: string | null, lang: string): string {
  return next?.startsWith(`/${lang}/`) && !next.startsWith("//") && !next.includes("\\") ? next : `/${lang}/dashboard`;
}

/**
 * The "legal consent" state of sign-in: an account that has not agreed to the current terms and
 * privacy policy (made before they were recorded, through a team invitation, or before a new
 * version) agrees here before it reaches the account area.
 */
export function LegalConsentScreen() {
  const { t } = useTranslation("auth");
  const lang = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = authClient.useSession();
  const state = sessionState(session);
  const [checked, setChecked] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const next = continueTo(params.get("next"), lang);
  const user = session.data?.user;
  const agreed = user ? !needsLegalConsent(user) : false;

  useEffect(() => {
    if (state === "signed-out") navigate(`/${lang}/sign-in`, { replace: true });
    else if (agreed) navigate(next, { replace: true });
  }, [state, agreed, navigate, lang, next]);

  if (sessionUnreadable(state)) return <SessionCheckFailed maintenance={state === "maintenance"} onRetry={() => void session.refetch()} />;
  if (state !== "signed-in" || agreed) return <PageSpinner />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    if (!checked) {
      setFieldError(t("legal.consentRequired"));
      document.getElementById("legal-consent")?.focus();
      return;
    }
    setBusy(true);
    try {
      await request("POST /api/account/legal-consent", { body: { accepted: true } });
      await session.refetch();
    } catch {
      setError(t("legalConsent.failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell>
      <form onSubmit={submit} noValidate className="space-y-5">
        <StepHeading title={t("legalConsent.title")} subtitle={t("legalConsent.subtitle")} autoFocus={false} />
        <LegalConsentField
          checked={checked}
          error={fieldError}
          onChange={(value) => {
            setFieldError(undefined);
            setChecked(value);
          }}
        />
        {error && <FormAlert>{error}</FormAlert>}
        <FormButton type="submit" disabled={busy}>
          {t("legalConsent.continue")}
        </FormButton>
      </form>
    </AuthShell>
  );
}

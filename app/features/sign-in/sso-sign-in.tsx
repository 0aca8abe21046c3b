import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import type { SsoLinkView } from "../../../core/api";
import { ApiRequestError } from "../../api/client";
import { confirmSsoLink, fetchSsoLink, sendSsoLinkCode, startSso } from "../../api/sso";
import { LocalizedLink, useLanguage } from "../../i18n";
import { authClient } from "../../identity/client";
import { linkClass, PageSpinner, TextField } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { useHydrated } from "../../ui/use-hydrated";
import { AuthShell } from "../auth-shell/auth-shell";
import { FormButton } from "../auth-shell/form-button";
import { PasswordField } from "../auth-shell/password-field";
import { StepHeading } from "../auth-shell/step-heading";

/**
 * /sign-in/sso: a work address or the team's URL name starts the sign-in at the team's identity
 * provider. The provider's return lands here with `?error=` (the message of its code), or with
 * `?link=` when an account of the same address exists and its owner confirms the link.
 */
export function SsoSignIn() {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  // Read after hydration only: the prerendered page has no query string.
  const link = hydrated ? params.get("link") : null;
  const error = hydrated ? params.get("error") : null;
  return <AuthShell>{link ? <ConfirmLink link={link} /> : <StartForm failure={error} />}</AuthShell>;
}

function StartForm({ failure }: { failure: string | null }) {
  const { t } = useTranslation("auth");
  const lang = useLanguage();
  const hydrated = useHydrated();
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  useEffect(() => {
    if (failure) setError(t(`errors.${failure}` as never, { defaultValue: t("errors.sso_failed") }));
  }, [failure, t]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = value.trim();
    if (!typed) return setError(t("sso.required"));
    setBusy(true);
    setError("");
    try {
      const { url } = await startSso(typed.includes("@") ? { email: typed } : { slug: typed }, lang);
      window.location.assign(url);
    } catch (err) {
      setBusy(false);
      setError((err instanceof ApiRequestError && err.message) || t("errors.sso_failed"));
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={!hydrated} className="min-w-0 space-y-5">
        <StepHeading title={t("sso.title")} subtitle={t("sso.subtitle")} autoFocus={false} />
        {error && <FormAlert>{error}</FormAlert>}
        <TextField
          id="sso-identifier"
          label={t("sso.identifier")}
          hint={t("sso.identifierHint")}
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <FormButton type="submit" disabled={busy} aria-busy={busy || undefined}>
          {t("sso.continue")}
        </FormButton>
        <p className="text-center text-sm">
          <LocalizedLink to="/sign-in" className={linkClass}>
            {t("sso.otherWay")}
          </LocalizedLink>
        </p>
      </fieldset>
    </form>
  );
}

/** An account of the provider's address exists: its owner proves it by password or an e-mailed code. */
function ConfirmLink({ link }: { link: string }) {
  const { t } = useTranslation("auth");
  const lang = useLanguage();
  const navigate = useNavigate();
  const session = authClient.useSession();
  const [view, setView] = useState<SsoLinkView | null | undefined>(undefined);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  useEffect(() => {
    fetchSsoLink(link, lang).then(setView, () => setView(null));
  }, [link, lang]);

  const attempt = async (work: () => Promise<unknown>, after?: () => Promise<void>) => {
    setBusy(true);
    setError("");
    try {
      await work();
      await after?.();
    } catch (err) {
      setError((err instanceof ApiRequestError && err.message) || t("errors.sso_failed"));
    } finally {
      setBusy(false);
    }
  };
  const signedIn = async () => {
    await session.refetch();
    navigate(`/${lang}/dashboard`, { replace: true });
  };

  if (view === undefined) return <PageSpinner />;
  if (view === null) {
    return (
      <>
        <StepHeading title={t("sso.linkTitle")} />
        <FormAlert>{t("errors.sso_attempt_invalid")}</FormAlert>
        <p className="mt-5 text-center text-sm">
          <LocalizedLink to="/sign-in/sso" className={linkClass}>
            {t("sso.startAgain")}
          </LocalizedLink>
        </p>
      </>
    );
  }
  return (
    <div className="space-y-5">
      <StepHeading title={t("sso.linkTitle")} subtitle={t("sso.linkText", { email: view.email, team: view.team })} />
      {error && <FormAlert>{error}</FormAlert>}
      {view.hasPassword && (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void attempt(() => confirmSsoLink(link, { password }, lang), signedIn);
          }}
        >
          <PasswordField
            id="sso-password"
            label={t("passwordLabel")}
            value={password}
            autoComplete="current-password"
            onChange={(e) => setPassword(e.target.value)}
          />
          <FormButton type="submit" disabled={busy}>
            {t("sso.confirmPassword")}
          </FormButton>
        </form>
      )}
      {codeSent ? (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void attempt(() => confirmSsoLink(link, { code }, lang), signedIn);
          }}
        >
          <FormAlert tone="info">{t("sso.codeSent", { email: view.email })}</FormAlert>
          <TextField
            id="sso-code"
            label={t("sso.code")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <FormButton type="submit" disabled={busy}>
            {t("sso.confirmCode")}
          </FormButton>
        </form>
      ) : (
        <FormButton
          variant="secondary"
          disabled={busy}
          onClick={() =>
            void attempt(
              () => sendSsoLinkCode(link, lang),
              async () => setCodeSent(true),
            )
          }
        >
          {t("sso.sendCode")}
        </FormButton>
      )}
    </div>
  );
}

import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { ApiRequestError } from "../../api/client";
import { answerConsent, fetchConsentRequest } from "../../api/oauth";
import { useLoad } from "../../api/use-load";
import { LocalizedLink, useLanguage } from "../../i18n";
import { authClient, type Session } from "../../identity/client";
import { RequireSession } from "../../identity/require-session";
import { SessionCheckFailed } from "../../identity/session-check-failed";
import { sessionState, sessionUnreadable } from "../../identity/session-state";
import { Button, linkClass, PageSpinner, Spinner } from "../../ui";
import { withBreakables } from "../../ui/breakable";
import { FormAlert } from "../../ui/form-alert";
import { useHydrated } from "../../ui/use-hydrated";
import { AuthShell } from "../auth-shell/auth-shell";
import { useScopeWords } from "./scope-words";

/**
 * /{lang}/oauth/consent: the authorization server sends a signed-in user here when an app of others
 * asks for access it was not given yet (docs/decisions/091). The page names the app and each scope
 * in plain words; Allow and Deny go to the authorization server with the page's signed query, which
 * answers where the browser goes next: back to the app with a code, or with `error=access_denied`.
 * A visitor without a session signs in first; the sign-in page opens the authorization again.
 * Opened with `error` (the server's refusal of an app it cannot send back to), it says why.
 */
export function ConsentPage() {
  const { t } = useTranslation("api");
  const { search } = useLocation();
  // The prerendered page knows no query: it and the hydration show the spinner, then the request.
  const hydrated = useHydrated();
  const params = new URLSearchParams(search);
  const refusal = params.get("error");
  const clientId = params.get("client_id");
  return (
    <AuthShell>
      {!hydrated ? (
        <PageSpinner />
      ) : refusal ? (
        <Refused disabled={refusal === "client_disabled"} />
      ) : clientId && params.has("sig") ? (
        <ConsentGate>{(session) => <Consent session={session} clientId={clientId} />}</ConsentGate>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-slate-900">{t("oauth.consent.refusedTitle")}</h1>
          <p className="mt-3 text-slate-700">{t("oauth.consent.invalid")}</p>
          <DashboardLink />
        </>
      )}
    </AuthShell>
  );
}

function DashboardLink() {
  const { t } = useTranslation("api");
  return (
    <p className="mt-6">
      <LocalizedLink to="/dashboard" className={linkClass}>
        {t("oauth.consent.toDashboard")}
      </LocalizedLink>
    </p>
  );
}

/** Why an app cannot sign in: turned off by the operators, or a request this site does not accept. */
function Refused({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation("api");
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">{t("oauth.consent.refusedTitle")}</h1>
      <p role="alert" className="mt-3 text-slate-700">
        {disabled ? t("oauth.consent.refused.client_disabled") : t("oauth.consent.refused.other")}
      </p>
      <DashboardLink />
    </>
  );
}

/** The consent for a signed-in user; a visitor signs in first, with the authorization's query, and comes back through it. */
function ConsentGate({ children }: { children: (session: Session) => ReactNode }) {
  const session = authClient.useSession();
  const state = sessionState(session);
  const navigate = useNavigate();
  const lang = useLanguage();
  const { search } = useLocation();
  useEffect(() => {
    if (state === "signed-out") navigate(`/${lang}/sign-in${search}`, { replace: true });
  }, [state, navigate, lang, search]);
  if (sessionUnreadable(state)) return <SessionCheckFailed maintenance={state === "maintenance"} onRetry={() => void session.refetch()} />;
  if (state !== "signed-in") return <PageSpinner />;
  return <RequireSession>{children}</RequireSession>;
}

function Consent({ session, clientId }: { session: Session; clientId: string }) {
  const { t } = useTranslation("api");
  const words = useScopeWords();
  const { search } = useLocation();
  const scope = new URLSearchParams(search).get("scope");
  const [request, reload] = useLoad(`consent:${clientId}:${scope}`, () => fetchConsentRequest(clientId, scope));
  const [busy, setBusy] = useState<"allow" | "deny" | null>(null);
  const [error, setError] = useState("");

  async function answer(accept: boolean) {
    setBusy(accept ? "allow" : "deny");
    setError("");
    try {
      const { url } = await answerConsent(accept, search.slice(1));
      window.location.assign(url);
    } catch (e) {
      // A signed query that ran out (or was changed) is refused by the server: the app must start again.
      setError(e instanceof ApiRequestError && e.status === 400 ? t("oauth.consent.expired") : t("oauth.consent.failed"));
      setBusy(null);
    }
  }

  if (request.state === "loading") return <Spinner />;
  if (request.state === "failed") {
    return request.status === 403 || request.status === 404 ? (
      <Refused disabled={request.status === 403} />
    ) : (
      <div role="alert" className="space-y-3 text-slate-700">
        <p>{request.message || t("oauth.consent.loadFailed")}</p>
        <Button variant="secondary" size="md" onClick={() => void reload()}>
          {t("oauth.consent.retry")}
        </Button>
      </div>
    );
  }
  const { name, scopes } = request.data;
  return (
    <>
      <h1 className="text-2xl font-bold wrap-anywhere text-slate-900">{t("oauth.consent.title", { name })}</h1>
      <p className="mt-3 text-slate-700 wrap-anywhere">{t("oauth.consent.intro", { name })}</p>
      <ul className="mt-4 space-y-3">
        {scopes.map((s) => (
          <li key={s} className="flex gap-3">
            <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-blue-700" />
            <span>
              <span className="block font-medium text-slate-900">{words.name(s)}</span>
              <span className="block text-sm text-slate-600">{words.description(s)}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-5 text-sm break-words text-slate-600">
        {withBreakables((v) => t("oauth.consent.signedInAs", v), { email: session.user.email })}
      </p>
      {error && (
        <div className="mt-4">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="lg" disabled={busy !== null} onClick={() => void answer(false)}>
          {t("oauth.consent.deny")}
        </Button>
        <Button
          variant="primary"
          size="lg"
          disabled={busy !== null}
          aria-busy={busy === "allow" || undefined}
          onClick={() => void answer(true)}
        >
          {t("oauth.consent.allow")}
        </Button>
      </div>
      {busy && (
        <p role="status" className="mt-3 text-sm text-slate-600">
          {t("oauth.consent.continuing")}
        </p>
      )}
      <p className="mt-6 text-sm text-slate-600">{t("oauth.consent.disconnectLater")}</p>
    </>
  );
}

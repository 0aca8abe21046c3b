import { type ReactNode, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { needsLegalConsent } from "../../core/legal";
import { ImpersonationBanner, isImpersonation } from "../features/impersonation/impersonation-banner";
import { useLanguage } from "../i18n";
import { PageSpinner } from "../ui";
import { authClient, type Session } from "./client";
import { SessionCheckFailed } from "./session-check-failed";
import { sessionState, sessionUnreadable } from "./session-state";

/**
 * Renders its children only for a signed-in visitor: a spinner while the session loads, a retry
 * when it could not be read, and a redirect to /{lang}/sign-in only when the server says there is none.
 * An account that has not agreed to the current terms is sent to agree first (/{lang}/legal-consent).
 * While an operator acts as the user, a bar above the page says so and offers the way back.
 */
export function RequireSession({ children }: { children: (session: Session) => ReactNode }) {
  const session = authClient.useSession();
  const state = sessionState(session);
  const navigate = useNavigate();
  const lang = useLanguage();
  const location = useLocation();
  const user = session.data?.user;
  const mustAgree = user ? needsLegalConsent(user) : false;
  const here = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (state === "signed-out") navigate(`/${lang}/sign-in`, { replace: true });
    else if (mustAgree) navigate(`/${lang}/legal-consent?next=${encodeURIComponent(here)}`, { replace: true });
  }, [state, mustAgree, navigate, lang, here]);
  if (sessionUnreadable(state)) return <SessionCheckFailed maintenance={state === "maintenance"} onRetry={() => void session.refetch()} />;
  if (state !== "signed-in" || !session.data || mustAgree) return <PageSpinner />;
  return (
    <>
      {isImpersonation(session.data) && <ImpersonationBanner identifier={session.data.user.email} />}
      {children(session.data)}
    </>
  );
}

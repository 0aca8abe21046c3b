import { type ReactNode, useEffect } from "react";
import { useNavigate } from "react-router";
import { useLanguage } from "../i18n";
import { PageSpinner } from "../ui";
import { authClient, type Session } from "./client";
import { SessionCheckFailed } from "./session-check-failed";
import { sessionState, sessionUnreadable } from "./session-state";

/**
 * Renders its children only for a signed-in visitor: a spinner while the session loads, a retry
 * when it could not be read, and a redirect to /{lang}/sign-in only when the server says there is none.
 */
export function RequireSession({ children }: { children: (session: Session) => ReactNode }) {
  const session = authClient.useSession();
  const state = sessionState(session);
  const navigate = useNavigate();
  const lang = useLanguage();
  useEffect(() => {
    if (state === "signed-out") navigate(`/${lang}/sign-in`, { replace: true });
  }, [state, navigate, lang]);
  if (sessionUnreadable(state)) return <SessionCheckFailed maintenance={state === "maintenance"} onRetry={() => void session.refetch()} />;
  if (state !== "signed-in" || !session.data) return <PageSpinner />;
  return <>{children(session.data)}</>;
}

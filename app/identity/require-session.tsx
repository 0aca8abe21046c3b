import { type ReactNode, useEffect } from "react";
import { useNavigate } from "react-router";
import { useLanguage } from "../i18n";
import { PageSpinner } from "../ui";
import { authClient, type Session } from "./client";

/**
 * Renders its children only for a signed-in visitor: a spinner while the session loads, and a
 * redirect to /{lang}/sign-in when there is none (a pending session counts as signed out).
 */
export function RequireSession({ children }: { children: (session: Session) => ReactNode }) {
  const { data, isPending } = authClient.useSession();
  const navigate = useNavigate();
  const lang = useLanguage();
  useEffect(() => {
    if (!isPending && !data) navigate(`/${lang}/sign-in`, { replace: true });
  }, [isPending, data, navigate, lang]);
  if (isPending || !data) {
    return <PageSpinner />;
  }
  return <>{children(data)}</>;
}

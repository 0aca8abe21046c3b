import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import type { InvitationPreview } from "../../../core/api";
import { wireCodeOf } from "../../../core/error-codes";
import { primaryRole } from "../../../core/teams";
import { ApiRequestError } from "../../api/client";
import { fetchInvitationPreview } from "../../api/teams";
import { LocalizedLink, useLanguage } from "../../i18n";
import { authClient } from "../../identity/client";
import { rememberReturn } from "../../identity/return-to";
import { SessionCheckFailed } from "../../identity/session-check-failed";
import { sessionState, sessionUnreadable } from "../../identity/session-state";
import { Button, buttonClass, Spinner } from "../../ui";
import { withBreakables } from "../../ui/breakable";
import { FormAlert } from "../../ui/form-alert";
import { AuthShell } from "../auth-shell/auth-shell";
import { rememberTeamNotice } from "./team-notice";

interface InvitationDetails {
  id: string;
  role: string;
  organizationId: string;
  organizationName: string;
  inviterEmail: string;
  expiresAt: string | Date;
}

type Load =
  | { state: "loading" }
  | { state: "ready"; invitation: InvitationDetails }
  | { state: "refused"; message: string; otherAddress: boolean; invited?: string };

/**
 * /teams/invitations/{id}: the invited person accepts or declines. A visitor signs in or signs up
 * first and is brought back here; accepting makes the team the active one and opens it.
 */
export function TeamInvitation() {
  const { t } = useTranslation("teams");
  const { invitationId = "" } = useParams();
  const lang = useLanguage();
  const session = authClient.useSession();
  const state = sessionState(session);

  useEffect(() => {
    if (state === "signed-out") rememberReturn(`/${lang}/teams/invitations/${invitationId}`);
  }, [state, lang, invitationId]);

  return (
    <AuthShell>
      <title>{`${t("invitation.title")} | Recruiting CRM`}</title>
      <meta name="robots" content="noindex, nofollow" />
      {sessionUnreadable(state) && <SessionCheckFailed maintenance={state === "maintenance"} onRetry={() => void session.refetch()} />}
      {state === "pending" && <Spinner />}
      {state === "signed-out" && <SignedOut invitationId={invitationId} />}
      {state === "signed-in" && session.data && <Answer invitationId={invitationId} email={session.data.user.email} />}
    </AuthShell>
  );
}

/**
 * Before sign-in: the team and who invited, then sign in or create an account with the invited
 * address. Creating one takes the address along and skips the plan (docs/decisions/149).
 */
function SignedOut({ invitationId }: { invitationId: string }) {
  const { t, i18n } = useTranslation("teams");
  const [preview, setPreview] = useState<InvitationPreview | null | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    fetchInvitationPreview(invitationId).then(
      (found) => !cancelled && setPreview(found),
      (error) => {
        if (cancelled) return;
        setPreview(null);
        setRefusal((error instanceof ApiRequestError && error.message) || t("invitation.failed"));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [invitationId, t]);

  if (preview === undefined) return <Spinner />;
  if (!preview) {
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">{t("invitation.title")}</h1>
        <div className="mt-4">
          <FormAlert>{refusal}</FormAlert>
        </div>
        <p className="mt-3 text-slate-700">{t("invitation.signedOutText")}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <LocalizedLink to="/sign-in" className={buttonClass({ variant: "strong", size: "lg" })}>
            {t("invitation.signIn")}
          </LocalizedLink>
        </div>
      </>
    );
  }
  const team = preview.teamName;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(preview.expiresAt));
  return (
    <>
      <h1 className="text-2xl font-bold wrap-anywhere text-slate-900">{t("invitation.heading", { team })}</h1>
      <p className="mt-3 wrap-anywhere text-slate-700">
        {t("invitation.text", { inviter: preview.inviterName, team, role: t(`roles.${primaryRole(preview.role)}`) })}
      </p>
      <p className="mt-2 text-sm text-slate-600">{t("invitation.validUntil", { date })}</p>
      <p className="mt-3 text-slate-700">{withBreakables((v) => t("invitation.signedOutFor", v), { email: preview.email })}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <LocalizedLink to="/sign-in" className={buttonClass({ variant: "strong", size: "lg" })}>
          {t("invitation.signIn")}
        </LocalizedLink>
        <LocalizedLink
          to={`/sign-up?invitation=${encodeURIComponent(invitationId)}`}
          className={buttonClass({ variant: "secondary", size: "lg" })}
        >
          {t("invitation.signUp")}
        </LocalizedLink>
      </div>
    </>
  );
}

function Answer({ invitationId, email }: { invitationId: string; email: string }) {
  const { t, i18n } = useTranslation("teams");
  const lang = useLanguage();
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [busy, setBusy] = useState<"accept" | "decline" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [declined, setDeclined] = useState(false);

  useEffect(() => {
    let cancelled = false;
    authClient.organization.getInvitation({ query: { id: invitationId } }).then(
      async ({ data, error: refused }) => {
        if (cancelled) return;
        if (data) return setLoad({ state: "ready", invitation: data as unknown as InvitationDetails });
        const otherAddress = wireCodeOf(refused?.code) === "invitation_for_other_address";
        // Signed in with another address (a Google account's, say): the page names the invited one; the invitation stays open for it.
        const invited = otherAddress
          ? await fetchInvitationPreview(invitationId).then(
              (p) => p.email,
              () => undefined,
            )
          : undefined;
        if (cancelled) return;
        setLoad({ state: "refused", message: refused?.message || t("errors.invitationNotFound"), otherAddress, invited });
      },
      () => !cancelled && setLoad({ state: "refused", message: t("invitation.failed"), otherAddress: false }),
    );
    return () => {
      cancelled = true;
    };
  }, [invitationId, t]);

  if (load.state === "loading") return <Spinner />;
  if (load.state === "refused") {
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">{t("invitation.title")}</h1>
        <div className="mt-4">
          <FormAlert>{load.message}</FormAlert>
        </div>
        {load.otherAddress && (
          <p className="mt-3 text-slate-700">
            {load.invited
              ? withBreakables((v) => t("invitation.otherAccountNamed", v), { email, invited: load.invited })
              : t("invitation.otherAccount", { email })}
          </p>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          {load.otherAddress && (
            <LocalizedLink
              to="/sign-in?add=1"
              onClick={() => rememberReturn(`/${lang}/teams/invitations/${invitationId}`)}
              className={buttonClass({ variant: "strong", size: "lg" })}
            >
              {t("invitation.switchAccount")}
            </LocalizedLink>
          )}
          <LocalizedLink to="/teams" className={buttonClass({ variant: "secondary", size: "lg" })}>
            {t("invitation.toTeams")}
          </LocalizedLink>
        </div>
      </>
    );
  }

  const { invitation } = load;
  const team = invitation.organizationName;
  async function accept() {
    setBusy("accept");
    setError(null);
    const { error: refused } = await authClient.organization.acceptInvitation({ invitationId });
    if (refused) {
      setBusy(null);
      setError(refused.message || t("invitation.failed"));
      return;
    }
    // The session now names the team as the active one; its page shows it.
    await authClient.getSession({ query: { disableCookieCache: true } }).catch(() => undefined);
    rememberTeamNotice({ kind: "joined", name: team });
    navigate(`/${lang}/teams/${invitation.organizationId}`);
  }
  async function decline() {
    setBusy("decline");
    setError(null);
    const { error: refused } = await authClient.organization.rejectInvitation({ invitationId });
    setBusy(null);
    if (refused) setError(refused.message || t("invitation.failed"));
    else setDeclined(true);
  }

  if (declined) {
    return (
      <>
        <h1 className="text-2xl font-bold wrap-anywhere text-slate-900">{t("invitation.title")}</h1>
        <p role="status" className="mt-3 text-slate-700">
          {t("invitation.declined", { team })}
        </p>
        <LocalizedLink to="/dashboard" className={`${buttonClass({ variant: "secondary", size: "lg" })} mt-6`}>
          {t("invitation.toTeams")}
        </LocalizedLink>
      </>
    );
  }
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(invitation.expiresAt));
  return (
    <>
      <h1 className="text-2xl font-bold wrap-anywhere text-slate-900">{t("invitation.heading", { team })}</h1>
      <p className="mt-3 wrap-anywhere text-slate-700">
        {withBreakables((v) => t("invitation.text", { ...v, role: t(`roles.${primaryRole(invitation.role)}`) }), {
          inviter: invitation.inviterEmail,
          team,
        })}
      </p>
      <p className="mt-2 text-sm text-slate-600">{t("invitation.validUntil", { date })}</p>
      {error && (
        <div className="mt-4">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Button variant="strong" size="lg" disabled={busy !== null} onClick={() => void accept()}>
          {busy === "accept" ? t("invitation.accepting") : t("invitation.accept")}
        </Button>
        <Button variant="secondary" size="lg" className="bg-white" disabled={busy !== null} onClick={() => void decline()}>
          {busy === "decline" ? t("invitation.declining") : t("invitation.decline")}
        </Button>
      </div>
    </>
  );
}

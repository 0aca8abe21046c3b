import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { InviteResults, TeamInvitationList, TeamInvitationRow, TeamView } from "../../../core/api";
import { INVITE_MAX_ADDRESSES, splitAddresses, TEAM_ROLES, type TeamRole } from "../../../core/teams";
import { ApiRequestError } from "../../api/client";
import { fetchInvitations, inviteMembers, resendInvitation, revokeInvitation } from "../../api/teams";
import { useLanguage } from "../../i18n";
import { Button, Spinner } from "../../ui";
import { Breakable } from "../../ui/breakable";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { Dialog } from "../../ui/dialog";
import { FormAlert } from "../../ui/form-alert";

const card = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";
const failure = (error: unknown, fallback: string) => (error instanceof ApiRequestError && error.message) || fallback;

/** The Invitations tab: invite several addresses at once, then resend or revoke what is pending. */
export function TeamInvitations({ team }: { team: TeamView }) {
  const { t } = useTranslation("teams");
  const [list, setList] = useState<TeamInvitationList | null | undefined>(undefined);
  const load = useCallback(async () => {
    setList(await fetchInvitations(team.id).catch(() => null));
  }, [team.id]);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div className="space-y-4">
      <InviteForm team={team} onInvited={load} />
      <section aria-labelledby="pending-title" className={card}>
        <h2 id="pending-title" className="text-lg font-semibold text-slate-900">
          {t("invitations.pendingTitle")}
        </h2>
        {list === undefined && <Spinner />}
        {list === null && (
          <p role="alert" className="mt-4 text-sm text-red-800">
            {t("invitations.loadError")}
          </p>
        )}
        {list && list.items.length === 0 && <p className="mt-3 text-sm text-slate-600">{t("invitations.pendingEmpty")}</p>}
        {list && list.items.length > 0 && <PendingList team={team} items={list.items} onChanged={load} />}
      </section>
    </div>
  );
}

function InviteForm({ team, onInvited }: { team: TeamView; onInvited: () => Promise<void> }) {
  const { t } = useTranslation("teams");
  return (
    <section aria-labelledby="invite-title" className={card}>
      <h2 id="invite-title" className="text-lg font-semibold text-slate-900">
        {t("invitations.title")}
      </h2>
      <InviteFields team={team} onInvited={onInvited} />
    </section>
  );
}

/** The Members tab's Invite: the same form in a dialog, which stays open to show each address's result. */
export function InviteDialog({ team, onClose, onInvited }: { team: TeamView; onClose: () => void; onInvited: () => Promise<void> }) {
  const { t } = useTranslation("teams");
  return (
    <Dialog look="form" onClose={onClose} title={t("invitations.title")}>
      <InviteFields team={team} onInvited={onInvited} onCancel={onClose} />
    </Dialog>
  );
}

/** Several addresses and one role; one result per address, and those not invited stay in the field. */
function InviteFields({ team, onInvited, onCancel }: { team: TeamView; onInvited: () => Promise<void>; onCancel?: () => void }) {
  const { t } = useTranslation("teams");
  const lang = useLanguage();
  const [emails, setEmails] = useState("");
  const [role, setRole] = useState<TeamRole>("member");
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<InviteResults["results"] | null>(null);
  const [busy, setBusy] = useState(false);
  const emailsId = useId();
  const roleId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setResults(null);
    const addresses = splitAddresses(emails);
    if (addresses.length === 0) return setError(t("invitations.emailsRequired"));
    if (addresses.length > INVITE_MAX_ADDRESSES) return setError(t("invitations.tooMany", { max: INVITE_MAX_ADDRESSES }));
    setError(null);
    setBusy(true);
    try {
      const answer = await inviteMembers(team.id, { emails, role }, lang);
      setResults(answer.results);
      // Addresses that did not go through stay in the field, to be corrected and sent again.
      setEmails(
        answer.results
          .filter((r) => r.outcome !== "invited")
          .map((r) => r.email)
          .join(", "),
      );
      await onInvited();
    } catch (err) {
      setError(failure(err, t("invitations.failed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <div>
          <label htmlFor={emailsId} className="block text-sm font-medium text-slate-800">
            {t("invitations.emails")}
          </label>
          <textarea
            id={emailsId}
            value={emails}
            rows={3}
            onChange={(e) => {
              setEmails(e.target.value);
              setError(null);
            }}
            aria-describedby={`${emailsId}-hint${error ? ` ${emailsId}-error` : ""}`}
            aria-invalid={error ? true : undefined}
            className={`mt-1 w-full rounded-lg border px-3 py-2 ${error ? "border-red-600" : "border-slate-300"}`}
          />
          <p id={`${emailsId}-hint`} className="mt-1 text-sm text-slate-600">
            {t("invitations.emailsHint")}
          </p>
          {error && (
            <p id={`${emailsId}-error`} role="alert" className="mt-1 text-sm text-red-800">
              {error}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={roleId} className="block text-sm font-medium text-slate-800">
            {t("invitations.role")}
          </label>
          <select
            id={roleId}
            value={role}
            onChange={(e) => setRole(e.target.value as TeamRole)}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2"
          >
            {TEAM_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={`flex flex-wrap gap-3 ${onCancel ? "justify-end" : ""}`}>
          {onCancel && (
            <Button variant="secondary" size="lg" weight="medium" onClick={onCancel}>
              {t("invitations.close")}
            </Button>
          )}
          <Button type="submit" variant="strong" size="lg" disabled={busy}>
            {busy ? t("invitations.sending") : t("invitations.send")}
          </Button>
        </div>
      </form>
      {results && (
        <div role="status" className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900">{t("invitations.results")}</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {results.map((r) => (
              <li key={r.email} className={r.outcome === "invited" ? "text-emerald-800" : "text-red-800"}>
                <Breakable className="font-medium" text={r.email} />: {r.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

function PendingList({ team, items, onChanged }: { team: TeamView; items: TeamInvitationRow[]; onChanged: () => Promise<void> }) {
  const { t, i18n } = useTranslation("teams");
  const lang = useLanguage();
  const [notice, setNotice] = useState<{ tone: "info" | "error"; text: string } | null>(null);
  const [revoking, setRevoking] = useState<TeamInvitationRow | null>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });

  async function resend(inv: TeamInvitationRow) {
    setNotice(null);
    try {
      await resendInvitation(team.id, inv.id, lang);
      setNotice({ tone: "info", text: t("invitations.resent", { email: inv.email }) });
    } catch (err) {
      setNotice({ tone: "error", text: failure(err, t("invitations.failed")) });
    }
    await onChanged();
  }

  async function revoke(inv: TeamInvitationRow) {
    try {
      await revokeInvitation(team.id, inv.id, lang);
    } catch (err) {
      return failure(err, t("invitations.failed"));
    }
    setRevoking(null);
    setNotice({ tone: "info", text: t("invitations.revoked", { email: inv.email }) });
    await onChanged();
    return null;
  }

  return (
    <>
      {notice && (
        <div className="mt-4">
          <FormAlert tone={notice.tone}>{notice.text}</FormAlert>
        </div>
      )}
      <ul className="mt-3 divide-y divide-slate-100" aria-label={t("invitations.pendingTitle")}>
        {items.map((inv) => (
          <li key={inv.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                <Breakable text={inv.email} />
              </p>
              <p className="text-sm text-slate-600">
                {t(`roles.${inv.role}`)} · {t("invitations.invitedOn", { date: date.format(new Date(inv.invitedAt)) })} ·{" "}
                {inv.expired ? (
                  <span className="font-medium text-red-800">{t("invitations.expired")}</span>
                ) : (
                  t("invitations.expiresOn", { date: date.format(new Date(inv.expiresAt)) })
                )}
              </p>
            </div>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                size="xs"
                aria-label={t("invitations.resendTo", { email: inv.email })}
                onClick={() => void resend(inv)}
              >
                {t("invitations.resend")}
              </Button>
              <Button
                variant="secondary"
                size="xs"
                aria-label={t("invitations.revokeTo", { email: inv.email })}
                onClick={() => setRevoking(inv)}
              >
                {t("invitations.revoke")}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {revoking && (
        <ConfirmDialog
          title={t("invitations.revokeDialog", { email: revoking.email })}
          confirm={t("invitations.revoke")}
          cancel={t("danger.cancel")}
          onClose={() => setRevoking(null)}
          onConfirm={() => revoke(revoking)}
        >
          {t("invitations.revokeText")}
        </ConfirmDialog>
      )}
    </>
  );
}

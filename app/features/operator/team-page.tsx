import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { OperatorTeamDetail, OperatorTeamMember } from "../../../core/operator";
import { catalogueKeyOf } from "../../../core/plans";
import { operatorApi } from "../../api/operator";
import { useAction } from "../../api/use-action";
import { useLoad } from "../../api/use-load";
import { LocalizedLink } from "../../i18n";
import type { Session } from "../../identity/client";
import { Button } from "../../ui";
import { Breakable } from "../../ui/breakable";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { FormAlert } from "../../ui/form-alert";
import { TeamLogo } from "../../ui/team-logo";
import { OperatorKeysSection } from "./api-keys-section";
import { AuditTable } from "./audit-table";
import { Cell, Column, ConsoleTable } from "./console-list";
import { Facts, LoadState, OperatorLayout, OperatorSection, useDateTime } from "./operator-layout";

/**
 * /{lang}/admin/teams/{id}: a team's members, invitations, domains, single sign-on connections and
 * billing, and the operator's actions on them.
 */
export function TeamPage({ session }: { session: Session }) {
  const { t } = useTranslation("operator");
  const { teamId = "" } = useParams();
  const [load, reload] = useLoad(teamId, () => operatorApi.team(teamId));
  const [history, reloadHistory] = useLoad(`history-${teamId}`, () => operatorApi.auditLog(1, teamId));
  return (
    <OperatorLayout
      session={session}
      title={load.state === "loaded" ? load.data.name : t("teams.title")}
      intro={
        <LocalizedLink to="/admin/teams" className="text-sm font-medium text-blue-800 underline-offset-4 hover:underline">
          ← {t("team.back")}
        </LocalizedLink>
      }
    >
      {load.state === "failed" && load.status === 404 ? <FormAlert>{t("team.notFound")}</FormAlert> : <LoadState load={load} />}
      {load.state === "loaded" && (
        <TeamDetails
          team={load.data}
          onChanged={() => {
            reload();
            reloadHistory();
          }}
        />
      )}
      {load.state === "loaded" && <OperatorKeysSection owner={{ teamId: load.data.id }} onChanged={reloadHistory} />}
      {history.state === "loaded" && history.data.total > 0 && (
        <OperatorSection id="team-history" title={t("team.history")}>
          <AuditTable id="team-history-table" entries={history.data.items} caption={t("audit.tableCaption")} />
        </OperatorSection>
      )}
    </OperatorLayout>
  );
}

function TeamDetails({ team, onChanged }: { team: OperatorTeamDetail; onChanged: () => void }) {
  const { t } = useTranslation("operator");
  const when = useDateTime();
  const [removing, setRemoving] = useState<OperatorTeamMember | null>(null);
  const [switching, setSwitching] = useState<OperatorTeamDetail["connections"][number] | null>(null);

  // One action at a time; its notice is announced, a refusal shows the server's message.
  const { run: act, error, notice } = useAction({ failure: t("errors.actionFailed"), onDone: onChanged });
  const role = (value: string) => t(`roles.${value}`, { defaultValue: value });
  const { billing } = team;

  return (
    <>
      <div aria-live="polite">{notice && <FormAlert tone="info">{notice}</FormAlert>}</div>
      {error && <FormAlert>{error}</FormAlert>}
      <OperatorSection id="team-profile" title={t("team.profile")}>
        {team.logo && (
          <div className="mb-4">
            <TeamLogo name={team.name} logo={team.logo} size="lg" alt={t("team.logoAlt", { name: team.name })} />
          </div>
        )}
        <Facts
          rows={[
            [t("team.slug"), team.slug],
            [t("team.createdAt"), when(team.createdAt)],
            [t("teams.columns.members"), String(team.memberCount)],
            [
              t("team.id"),
              <code key="id" className="text-xs">
                {team.id}
              </code>,
            ],
          ]}
        />
      </OperatorSection>

      <OperatorSection id="team-billing" title={t("team.billing")}>
        <Facts
          rows={[
            [
              t("team.payer"),
              billing.payer ? (
                <LocalizedLink
                  key="payer"
                  to={`/admin/users/${billing.payer.id}`}
                  className="text-blue-800 underline-offset-4 hover:underline"
                >
                  {billing.payer.name || billing.payer.email}
                </LocalizedLink>
              ) : (
                t("teams.noPayer")
              ),
            ],
            [t("team.plan"), t(`common:plans.${catalogueKeyOf(team.plan)}`)],
            [
              t("team.subscriptionStatus"),
              billing.subscriptionStatus
                ? t(`subscriptionStatuses.${billing.subscriptionStatus}`, { defaultValue: billing.subscriptionStatus })
                : t("team.noSubscription"),
            ],
            [
              t("team.renewsOrEnds"),
              billing.renewsOrEndsAt
                ? `${when(billing.renewsOrEndsAt)}${billing.cancelAtPeriodEnd ? ` · ${t("team.endsAtPeriodEnd")}` : ""}`
                : "—",
            ],
            [t("team.seats"), t("team.seatsValue", billing.seats)],
          ]}
        />
      </OperatorSection>

      <OperatorSection id="team-members" title={t("team.members")}>
        <ConsoleTable
          id="team-members-table"
          caption={t("team.membersCaption", { team: team.name })}
          head={
            <>
              <Column>{t("team.member")}</Column>
              <Column>{t("team.role")}</Column>
              <Column>{t("team.joined")}</Column>
              <Column>{t("team.actions")}</Column>
            </>
          }
        >
          {team.members.map((m) => (
            <tr key={m.id} className="border-b border-slate-100 last:border-0">
              <Cell label={t("team.member")} className="max-w-[16rem]">
                <LocalizedLink
                  to={`/admin/users/${m.userId}`}
                  className="block font-medium text-blue-800 underline-offset-4 hover:underline"
                >
                  <Breakable text={m.name || m.email} />
                </LocalizedLink>
                <Breakable className="block text-xs text-slate-600" text={m.email} />
              </Cell>
              <Cell label={t("team.role")} className="text-slate-700">
                {role(m.role)}
                {m.pays && <span className="block text-xs text-slate-600">{t("team.pays")}</span>}
              </Cell>
              <Cell label={t("team.joined")} className="whitespace-nowrap text-slate-700">
                {when(m.joinedAt)}
              </Cell>
              <Cell>
                <Button
                  variant="secondary"
                  size="xs"
                  aria-label={t("team.remove", { name: m.name || m.email })}
                  onClick={() => setRemoving(m)}
                >
                  {t("team.removeLabel")}
                </Button>
              </Cell>
            </tr>
          ))}
        </ConsoleTable>
      </OperatorSection>

      <OperatorSection id="team-transfer" title={t("team.transfer")}>
        <TransferForm
          team={team}
          onTransfer={(body) =>
            act(async () => {
              await operatorApi.transferTeamAdmin(team.id, body);
              return t("team.transferred");
            })
          }
        />
      </OperatorSection>

      <OperatorSection id="team-invitations" title={t("team.invitations")}>
        {team.invitations.length === 0 ? (
          <p className="text-sm text-slate-700">{t("team.noInvitations")}</p>
        ) : (
          <ConsoleTable
            id="team-invitations-table"
            caption={t("team.invitationsCaption", { team: team.name })}
            head={
              <>
                <Column>{t("users.columns.email")}</Column>
                <Column>{t("team.role")}</Column>
                <Column>{t("team.expires")}</Column>
                <Column>{t("team.actions")}</Column>
              </>
            }
          >
            {team.invitations.map((i) => (
              <tr key={i.id} className="border-b border-slate-100 last:border-0">
                <Cell label={t("users.columns.email")} className="max-w-[16rem] text-slate-900">
                  <Breakable text={i.email} />
                </Cell>
                <Cell label={t("team.role")} className="text-slate-700">
                  {role(i.role)}
                </Cell>
                <Cell label={t("team.expires")} className="whitespace-nowrap text-slate-700">
                  {i.expired ? t("team.expired") : when(i.expiresAt)}
                </Cell>
                <Cell>
                  <Button
                    variant="secondary"
                    size="xs"
                    aria-label={t("team.revoke", { email: i.email })}
                    onClick={() =>
                      act(async () => {
                        await operatorApi.revokeTeamInvitation(team.id, i.id);
                        return t("team.revoked", { email: i.email });
                      })
                    }
                  >
                    {t("team.revokeLabel")}
                  </Button>
                </Cell>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </OperatorSection>

      <OperatorSection id="team-domains" title={t("team.domains")}>
        {team.domains.length === 0 ? (
          <p className="text-sm text-slate-700">{t("team.noDomains")}</p>
        ) : (
          <ul className="space-y-1 text-sm text-slate-800">
            {team.domains.map((d) => (
              <li key={d.id}>
                <span className="font-medium">{d.domain}</span> · {t(d.verified ? "team.verified" : "team.unverified")} ·{" "}
                {t(`team.enrollment.${d.enrollmentMode}`, { defaultValue: d.enrollmentMode })}
              </li>
            ))}
          </ul>
        )}
      </OperatorSection>

      <OperatorSection id="team-sso" title={t("team.sso.title")}>
        {team.connections.length === 0 ? (
          <p className="text-sm text-slate-700">{t("team.sso.none")}</p>
        ) : (
          <ConsoleTable
            id="team-sso-table"
            caption={t("team.sso.caption", { team: team.name })}
            head={
              <>
                <Column>{t("team.sso.connection")}</Column>
                <Column>{t("team.sso.domains")}</Column>
                <Column>{t("team.sso.state")}</Column>
                <Column>{t("team.sso.lastUsed")}</Column>
                <Column>{t("team.actions")}</Column>
              </>
            }
          >
            {team.connections.map((c) => (
              <tr key={c.id} className="border-b border-slate-100 last:border-0">
                <Cell label={t("team.sso.connection")} className="max-w-[16rem] text-slate-900">
                  <Breakable text={c.issuer ?? c.saml?.idpEntityId ?? c.kind} />
                </Cell>
                <Cell label={t("team.sso.domains")} className="text-slate-700">
                  <Breakable text={c.domains.join(", ")} />
                </Cell>
                <Cell label={t("team.sso.state")} className="text-slate-700">
                  {t(`team.sso.states.${c.state}`)}
                  {c.disabled && ` · ${t("team.sso.switchedOff")}`}
                </Cell>
                <Cell label={t("team.sso.lastUsed")} className="whitespace-nowrap text-slate-700">
                  {c.lastUsedAt ? when(c.lastUsedAt) : t("team.sso.never")}
                </Cell>
                <Cell>
                  <Button variant="secondary" size="xs" onClick={() => setSwitching(c)}>
                    {c.disabled ? t("team.sso.switchOn") : t("team.sso.switchOff")}
                  </Button>
                </Cell>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </OperatorSection>

      {switching && (
        <ConfirmDialog
          title={t(switching.disabled ? "team.sso.confirmOn" : "team.sso.confirmOff", { team: team.name })}
          confirm={switching.disabled ? t("team.sso.switchOn") : t("team.sso.switchOff")}
          cancel={t("team.cancel")}
          onClose={() => setSwitching(null)}
          onConfirm={() => {
            const connection = switching;
            setSwitching(null);
            void act(async () => {
              await operatorApi.setConnectionDisabled(team.id, connection.id, !connection.disabled);
              return t(connection.disabled ? "team.sso.switchedOnNotice" : "team.sso.switchedOffNotice");
            });
          }}
        >
          {t(switching.disabled ? "team.sso.onText" : "team.sso.offText")}
        </ConfirmDialog>
      )}

      {removing && (
        <ConfirmDialog
          title={t("team.confirmRemove", { email: removing.email, team: team.name })}
          confirm={t("team.confirm")}
          cancel={t("team.cancel")}
          onClose={() => setRemoving(null)}
          onConfirm={() => {
            const member = removing;
            setRemoving(null);
            void act(async () => {
              await operatorApi.removeTeamMember(team.id, member.id);
              return t("team.removed", { email: member.email });
            });
          }}
        />
      )}
    </>
  );
}

/** Chooses the admin who hands over the role and the member who takes it. */
function TransferForm({
  team,
  onTransfer,
}: {
  team: OperatorTeamDetail;
  onTransfer: (body: { fromMemberId: string; toMemberId: string }) => void;
}) {
  const { t } = useTranslation("operator");
  const admins = team.members.filter((m) => m.role === "admin");
  const others = team.members.filter((m) => m.role !== "admin");
  if (admins.length === 0 || others.length === 0) return <p className="text-sm text-slate-700">{t("team.noTransfer")}</p>;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onTransfer({ fromMemberId: String(form.get("from")), toMemberId: String(form.get("to")) });
  };
  const select = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";
  return (
    <form onSubmit={submit} className="space-y-3">
      <p className="text-sm text-slate-700">{t("team.transferIntro")}</p>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <label className="block text-sm font-medium text-slate-800">
          {t("team.transferFrom")}
          <select name="from" className={select}>
            {admins.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name ? `${m.name} (${m.email})` : m.email}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-800">
          {t("team.transferTo")}
          <select name="to" className={select}>
            {others.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name ? `${m.name} (${m.email})` : m.email}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="strong" size="md">
          {t("team.transferButton")}
        </Button>
      </div>
    </form>
  );
}

import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { OperatorUserDetail } from "../../../core/operator";
import { catalogueKeyOf } from "../../../core/plans";
import { operatorApi } from "../../api/operator";
import { useAction } from "../../api/use-action";
import { useLoad } from "../../api/use-load";
import { LocalizedLink } from "../../i18n";
import type { Session } from "../../identity/client";
import { Button } from "../../ui";
import { Breakable } from "../../ui/breakable";
import { FormAlert } from "../../ui/form-alert";
import { OperatorKeysSection } from "./api-keys-section";
import { AuditTable } from "./audit-table";
import { BanDialog } from "./ban-dialog";
import { ComplimentarySection } from "./complimentary-section";
import { ConsentSection } from "./consent-section";
import { DeleteUserSection } from "./delete-user-section";
import { EmailSection } from "./email-section";
import { ImpersonateSection } from "./impersonate-section";
import { Facts, LoadState, OperatorLayout, OperatorSection, useDateTime } from "./operator-layout";
import { UserExportsSection } from "./user-exports-section";
import { STATUS_KEYS, statusOf } from "./users-page";

/** /{lang}/admin/users/{id}: one user, their sessions and teams, and what an operator can do about them. */
export function UserPage({ session }: { session: Session }) {
  const { t } = useTranslation("operator");
  const { userId = "" } = useParams();
  const [load, reload] = useLoad(userId, () => operatorApi.user(userId));
  const [history, reloadHistory] = useLoad(`history-${userId}`, () => operatorApi.auditLog(1, userId));
  const title = load.state === "loaded" ? load.data.name || load.data.email : t("users.title");
  return (
    <OperatorLayout
      session={session}
      title={title}
      intro={
        <LocalizedLink to="/admin/users" className="text-sm font-medium text-blue-800 underline-offset-4 hover:underline">
          ← {t("user.back")}
        </LocalizedLink>
      }
    >
      {load.state === "failed" && load.status === 404 ? <FormAlert>{t("user.notFound")}</FormAlert> : <LoadState load={load} />}
      {load.state === "loaded" && (
        <UserDetails
          user={load.data}
          onChanged={() => {
            reload();
            reloadHistory();
          }}
        />
      )}
      {load.state === "loaded" && <UserExportsSection userId={load.data.id} />}
      {load.state === "loaded" && <OperatorKeysSection owner={{ userId: load.data.id }} onChanged={reloadHistory} />}
      {history.state === "loaded" && history.data.total > 0 && (
        <OperatorSection id="user-history" title={t("user.history")}>
          <AuditTable id="user-history-table" entries={history.data.items} caption={t("audit.tableCaption")} />
        </OperatorSection>
      )}
    </OperatorLayout>
  );
}

function UserDetails({ user, onChanged }: { user: OperatorUserDetail; onChanged: () => void }) {
  const { t } = useTranslation("operator");
  const when = useDateTime();
  const [banning, setBanning] = useState(false);
  const yesNo = (value: boolean) => t(value ? "user.yes" : "user.no");

  // One action at a time; its notice is announced, a refusal shows the server's message.
  const { run: act, error, notice } = useAction({ failure: t("errors.actionFailed"), onDone: onChanged });
  const revoke = (sessionId?: string) =>
    act(async () => t("user.revoked", { count: (await operatorApi.revokeSessions(user.id, sessionId)).revoked }));
  const label = (group: string, value: string | null) => (value ? t(`${group}.${value}`, { defaultValue: value }) : "—");

  return (
    <>
      <div aria-live="polite">{notice && <FormAlert tone="info">{notice}</FormAlert>}</div>
      {error && <FormAlert>{error}</FormAlert>}
      <OperatorSection id="user-profile" title={t("user.profile")}>
        <Facts
          rows={[
            [t("users.columns.email"), <Breakable key="email" text={user.email} />],
            [t("users.columns.status"), t(STATUS_KEYS[statusOf(user)])],
            [t("user.firstName"), user.firstName ?? "—"],
            [t("user.lastName"), user.lastName ?? "—"],
            [t("user.username"), user.username ?? "—"],
            [t("user.language"), label("languages", user.locale)],
            [t("users.columns.createdAt"), when(user.createdAt)],
            [t("user.emailVerified"), yesNo(user.emailVerified)],
            [t("user.twoFactor"), yesNo(user.twoFactorEnabled)],
            [
              t("user.signInMethods"),
              user.signInMethods.length
                ? user.signInMethods.map((m) => t(`user.method_${m}`, { defaultValue: m })).join(", ")
                : t("user.none"),
            ],
            [
              t("user.id"),
              <code key="id" className="text-xs">
                {user.id}
              </code>,
            ],
          ]}
        />
      </OperatorSection>

      <EmailSection user={user} onChanged={onChanged} />

      <ConsentSection consent={user.consent} />

      <OperatorSection id="user-subscription" title={t("user.subscription")}>
        <Facts
          rows={[
            [t("users.columns.plan"), t(`common:plans.${catalogueKeyOf(user.planType)}`)],
            [t("user.subscriptionStatus"), label("subscriptionStatuses", user.subscriptionStatus)],
            [t("user.trialEnds"), user.trialEndsAt ? when(user.trialEndsAt) : "—"],
          ]}
        />
      </OperatorSection>

      <ComplimentarySection user={user} onChanged={onChanged} />

      <OperatorSection id="user-teams" title={t("user.teams")}>
        {user.teams.length === 0 ? (
          <p className="text-sm text-slate-700">{t("user.noTeams")}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {user.teams.map((team) => (
              <li key={team.id}>
                <Breakable className="font-medium text-slate-900" text={team.name} />{" "}
                <span className="text-slate-600">({label("roles", team.role)})</span>
              </li>
            ))}
          </ul>
        )}
      </OperatorSection>

      <OperatorSection
        id="user-sessions"
        title={t("user.sessions")}
        actions={
          user.sessions.length > 0 && (
            <Button variant="secondary" size="sm" onClick={() => revoke()}>
              {t("user.revokeAll")}
            </Button>
          )
        }
      >
        {user.sessions.length === 0 ? (
          <p className="text-sm text-slate-700">{t("user.noSessions")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {user.sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm">
                <div>
                  <p className="font-medium text-slate-900">{[s.browser, s.os].filter(Boolean).join(", ") || t("user.unknownDevice")}</p>
                  <p className="text-slate-600">
                    {t("user.lastActive", { date: when(s.lastActiveAt) })}
                    {s.ipAddress && ` · ${s.ipAddress}`}
                    {s.impersonated && ` · ${t("user.impersonated")}`}
                  </p>
                </div>
                <Button variant="secondary" size="xs" onClick={() => revoke(s.id)}>
                  {t("user.revokeSession")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </OperatorSection>

      <OperatorSection id="user-ban" title={t("user.ban.title")}>
        {user.banned ? (
          <div className="space-y-3">
            <p className="text-sm text-red-800">
              {user.banExpires
                ? t("user.ban.bannedUntil", { date: when(user.banExpires), reason: user.banReason ?? "" })
                : t("user.ban.banned", { reason: user.banReason ?? "" })}
            </p>
            <Button
              variant="secondary"
              size="md"
              onClick={() =>
                act(async () => {
                  await operatorApi.unban(user.id);
                  return t("user.ban.lifted");
                })
              }
            >
              {t("user.ban.unban")}
            </Button>
          </div>
        ) : (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">{t("user.ban.intro")}</p>
            {!user.operator && (
              <Button variant="danger" size="md" onClick={() => setBanning(true)}>
                {t("user.ban.open")}
              </Button>
            )}
          </div>
        )}
        {banning && (
          <BanDialog
            userId={user.id}
            onClose={() => setBanning(false)}
            onBanned={() => {
              setBanning(false);
              // Announced like any other action's outcome; the dialog already banned.
              void act(async () => t("user.ban.done"));
            }}
          />
        )}
      </OperatorSection>

      <ImpersonateSection user={user} />

      <DeleteUserSection user={user} />

      <OperatorSection id="user-contact" title={t("user.contactRequests")}>
        {user.contactRequests.length === 0 ? (
          <p className="text-sm text-slate-700">{t("user.noContactRequests")}</p>
        ) : (
          <ul className="space-y-1 text-sm text-slate-800">
            {user.contactRequests.map((c) => (
              <li key={c.id}>
                {when(c.createdAt)} · {label("contactStatuses", c.status)}
              </li>
            ))}
          </ul>
        )}
      </OperatorSection>
    </>
  );
}

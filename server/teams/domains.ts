import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { isDisposableEmailDomain } from "disposable-email-domains-js";
import type { MembershipRequestList, TeamDomainList, TeamDomainRow, TeamSuggestionList } from "../../core/api.js";
import { type EnrollmentMode, normalizeDomain, TEAM_DOMAIN_MAX } from "../../core/teams.js";
import { type EmailRules, listed } from "../access/email-rules.js";
import { issueCode, requireCode, withdrawCode } from "../codes/one-time-codes.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { recipientLanguage } from "../mail/recipient-language.js";
import { domainCodeMail } from "../mail/templates/domain-code.js";
import type { SendMail } from "../mail/transport.js";
import { assertSeatFree, type QuotaConfig } from "./roster.js";

const require = createRequire(import.meta.url);
/** A maintained list of free mail providers (gmail.com, web.de …); a team cannot claim one of them. */
const FREE_MAIL: Set<string> = require("free-email-domains-list/build/src/constants.js").DOMAINS;

const CODE_MINUTES = 10;
/** The code mailed to verify a domain (server/codes/one-time-codes.ts). */
const codeOf = (domainId: string) => ({ purpose: "team_domain", subject: domainId }) as const;

export interface DomainDeps {
  db: DB;
  config: QuotaConfig;
  rules: EmailRules;
  sendMail: SendMail;
}

type DomainRecord = {
  id: string;
  domain: string;
  verified_at: Date | string | null;
  enrollment_mode: string;
  verification_email: string | null;
};
const rowOf = (r: DomainRecord): TeamDomainRow => ({
  id: r.id,
  domain: r.domain,
  verified: r.verified_at !== null,
  enrollmentMode: r.enrollment_mode as EnrollmentMode,
  codeSentTo: r.verified_at === null ? r.verification_email : null,
});
const COLUMNS = ["id", "domain", "verified_at", "enrollment_mode", "verification_email"] as const;

/** Whether the domain or one it belongs to is a throwaway mail service. */
function disposable(domain: string): boolean {
  const labels = domain.split(".");
  return labels.slice(0, -1).some((_, i) => isDisposableEmailDomain(labels.slice(i).join(".")));
}

export async function listDomains(db: DB, organizationId: string): Promise<TeamDomainList> {
  const rows = await db
    .selectFrom("team_domain")
    .select(COLUMNS)
    .where("organization_id", "=", organizationId)
    .orderBy("created_at")
    .execute();
  return { items: rows.map(rowOf) };
}

/**
 * Adds a domain to a team, unverified. Refused: not a domain, a free mail provider
 * (`organization_domain_common`), a throwaway or operator-blocked domain (`organization_domain_blocked`),
 * a domain another team has verified, one the team already has, more than the maximum.
 */
export async function addDomain(deps: DomainDeps, input: { organizationId: string; domain: string }): Promise<TeamDomainRow> {
  const { db } = deps;
  const domain = normalizeDomain(input.domain);
  if (!domain) throw new AppError("invalidDomain");
  if (FREE_MAIL.has(domain) && !disposable(domain)) throw new AppError("domainCommon");
  if (disposable(domain) || listed(deps.rules.blocklist, `x@${domain}`)) throw new AppError("domainBlocked");
  const connected = await connectionTeamOf(db, domain);
  if (connected && connected !== input.organizationId) throw new AppError("domainInConnection");
  const taken = await db
    .selectFrom("team_domain")
    .select(["organization_id"])
    .where("domain", "=", domain)
    .where("verified_at", "is not", null)
    .executeTakeFirst();
  if (taken && taken.organization_id !== input.organizationId) throw new AppError("domainTaken");
  const own = await db.selectFrom("team_domain").select(["domain"]).where("organization_id", "=", input.organizationId).execute();
  if (own.some((d) => d.domain === domain)) throw new AppError("domainAdded");
  if (own.length >= TEAM_DOMAIN_MAX) throw new AppError("domainLimit");
  const row = await db
    .insertInto("team_domain")
    .values({ id: randomUUID(), organization_id: input.organizationId, domain })
    .onConflict((oc) => oc.columns(["organization_id", "domain"]).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!row) throw new AppError("domainAdded");
  return rowOf(row);
}

/**
 * Which team's single sign-on connection serves the domain, if one does (server/enterprise): a
 * domain in a connection is that team's alone, and stays on the team while the connection has it.
 */
async function connectionTeamOf(db: DB, domain: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("sso_connection_domain")
    .innerJoin("sso_connection", "sso_connection.id", "sso_connection_domain.connection_id")
    .select("sso_connection.organization_id")
    .where("sso_connection_domain.domain", "=", domain)
    .executeTakeFirst();
  return row?.organization_id;
}

async function domainOf(db: DB, organizationId: string, domainId: string) {
  const row = await db
    .selectFrom("team_domain")
    .select(COLUMNS)
    .where("id", "=", domainId)
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  if (!row) throw new AppError("domainNotFound");
  return row;
}

/** Mails a 6-digit code to an address at the domain; a new code replaces the last one. */
export async function sendDomainCode(deps: DomainDeps, input: { organizationId: string; domainId: string; email: string; lang: string }) {
  const { db } = deps;
  const row = await domainOf(db, input.organizationId, input.domainId);
  if (row.verified_at !== null) return;
  const email = input.email.trim().toLowerCase();
  const at = email.lastIndexOf("@");
  if (at < 1 || email.slice(at + 1) !== row.domain || /\s/.test(email)) throw new AppError("domainAddress");
  await db.updateTable("team_domain").set({ verification_email: email }).where("id", "=", row.id).execute();
  const code = await issueCode(db, codeOf(row.id), { minutes: CODE_MINUTES });
  const team = await db.selectFrom("organization").select("name").where("id", "=", input.organizationId).executeTakeFirstOrThrow();
  await deps.sendMail(
    domainCodeMail({
      to: email,
      code,
      domain: row.domain,
      teamName: team.name,
      minutes: CODE_MINUTES,
      lang: await recipientLanguage(db, email, input.lang),
    }),
  );
}

/**
 * Verifies the domain with the mailed code (`form_code_incorrect`; `too_many_attempts` after 5
 * checks; 10 minutes); a domain verified elsewhere meanwhile is refused.
 */
export async function verifyDomain(
  deps: DomainDeps,
  input: { organizationId: string; domainId: string; code: string },
): Promise<TeamDomainRow> {
  const { db } = deps;
  const row = await domainOf(db, input.organizationId, input.domainId);
  if (row.verified_at !== null) return rowOf(row);
  const connected = await connectionTeamOf(db, row.domain);
  if (connected && connected !== input.organizationId) throw new AppError("domainInConnection");
  await requireCode(db, codeOf(row.id), input.code.trim(), "domainCode");
  try {
    const verified = await db
      .updateTable("team_domain")
      .set({ verified_at: new Date() })
      .where("id", "=", row.id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return rowOf(verified);
  } catch {
    // The unique index on verified domains: another team was faster.
    throw new AppError("domainTaken");
  }
}

export async function setEnrollment(
  db: DB,
  input: { organizationId: string; domainId: string; mode: EnrollmentMode },
): Promise<TeamDomainRow> {
  const row = await domainOf(db, input.organizationId, input.domainId);
  if (row.verified_at === null) throw new AppError("domainNotVerified");
  const updated = await db
    .updateTable("team_domain")
    .set({ enrollment_mode: input.mode })
    .where("id", "=", row.id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return rowOf(updated);
}

export async function removeDomain(db: DB, input: { organizationId: string; domainId: string }) {
  const row = await domainOf(db, input.organizationId, input.domainId);
  // Removed from the connection first: a connected domain would otherwise serve a team that no longer has it.
  if (await connectionTeamOf(db, row.domain)) throw new AppError("domainInConnection");
  await db.deleteFrom("team_domain").where("id", "=", row.id).execute();
  await withdrawCode(db, codeOf(row.id));
}

/** The domain of a user's address, when it is verified. */
async function verifiedDomainOf(db: DB, userId: string): Promise<string | null> {
  const user = await db.selectFrom("user").select(["email", "emailVerified"]).where("id", "=", userId).executeTakeFirst();
  if (!user?.emailVerified) return null;
  return user.email.slice(user.email.lastIndexOf("@") + 1).toLowerCase();
}

/** Teams whose verified domain is the user's, with an enrollment mode, that the user is not in. */
export async function suggestionsFor(db: DB, userId: string): Promise<TeamSuggestionList> {
  const domain = await verifiedDomainOf(db, userId);
  if (!domain) return { items: [] };
  const rows = await db
    .selectFrom("team_domain")
    .innerJoin("organization", "organization.id", "team_domain.organization_id")
    .select(["organization.id", "organization.name", "team_domain.enrollment_mode"])
    .where("team_domain.domain", "=", domain)
    .where("team_domain.verified_at", "is not", null)
    .where("team_domain.enrollment_mode", "!=", "none")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("member")
            .select("member.id")
            .whereRef("member.organizationId", "=", "organization.id")
            .where("member.userId", "=", userId),
        ),
      ),
    )
    .orderBy("organization.name")
    .execute();
  const pending = await db
    .selectFrom("membership_request")
    .select("organization_id")
    .where("user_id", "=", userId)
    .where("status", "=", "pending")
    .execute();
  const asked = new Set(pending.map((p) => p.organization_id));
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      state: r.enrollment_mode === "automatic_invitation" ? "join" : asked.has(r.id) ? "pending" : "request",
    })),
  };
}

/** The team's enrollment mode for this user, when the team is offered to them. */
async function offeredMode(db: DB, userId: string, organizationId: string): Promise<EnrollmentMode> {
  const offered = (await suggestionsFor(db, userId)).items.find((s) => s.id === organizationId);
  if (!offered) throw new AppError("teamNotFound");
  return offered.state === "join" ? "automatic_invitation" : "automatic_suggestion";
}

async function addMembership(db: DB, organizationId: string, userId: string) {
  await db.insertInto("member").values({ id: randomUUID(), organizationId, userId, role: "member", createdAt: new Date() }).execute();
}

/** Automatic invitations: a user with a verified address at the domain joins as a member at once (quota permitting). */
export async function joinByDomain(deps: DomainDeps, input: { userId: string; organizationId: string }) {
  if ((await offeredMode(deps.db, input.userId, input.organizationId)) !== "automatic_invitation") throw new AppError("teamForbidden");
  await assertSeatFree(deps.db, deps.config, input.organizationId);
  await addMembership(deps.db, input.organizationId, input.userId);
}

/** Automatic suggestions: the user asks to join; an admin approves or rejects in Requests. */
export async function requestToJoin(db: DB, input: { userId: string; organizationId: string }) {
  if ((await offeredMode(db, input.userId, input.organizationId)) !== "automatic_suggestion") throw new AppError("teamForbidden");
  await db
    .insertInto("membership_request")
    .values({ id: randomUUID(), organization_id: input.organizationId, user_id: input.userId })
    .onConflict((oc) => oc.columns(["organization_id", "user_id"]).where("status", "=", "pending").doNothing())
    .execute();
}

export async function pendingRequests(db: DB, organizationId: string): Promise<MembershipRequestList> {
  const rows = await db
    .selectFrom("membership_request")
    .innerJoin("user", "user.id", "membership_request.user_id")
    .select(["membership_request.id", "membership_request.created_at", "user.name", "user.email"])
    .where("membership_request.organization_id", "=", organizationId)
    .where("membership_request.status", "=", "pending")
    .orderBy("membership_request.created_at")
    .execute();
  return { items: rows.map((r) => ({ id: r.id, name: r.name, email: r.email, requestedAt: new Date(r.created_at).toISOString() })) };
}

/** Approves (the requester becomes a member, quota permitting) or rejects a pending request. */
export async function decideRequest(
  deps: DomainDeps,
  input: { organizationId: string; requestId: string; adminId: string; approve: boolean },
) {
  const { db } = deps;
  const request = await db
    .selectFrom("membership_request")
    .select(["id", "user_id"])
    .where("id", "=", input.requestId)
    .where("organization_id", "=", input.organizationId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (!request) throw new AppError("requestNotFound");
  if (input.approve) await assertSeatFree(db, deps.config, input.organizationId);
  await db.transaction().execute(async (trx) => {
    const decided = await trx
      .updateTable("membership_request")
      .set({ status: input.approve ? "approved" : "rejected", decided_at: new Date(), decided_by: input.adminId })
      .where("id", "=", request.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) !== 1) throw new AppError("requestNotFound");
    const member = await trx
      .selectFrom("member")
      .select("id")
      .where("organizationId", "=", input.organizationId)
      .where("userId", "=", request.user_id)
      .executeTakeFirst();
    if (input.approve && !member) await addMembership(trx, input.organizationId, request.user_id);
  });
}

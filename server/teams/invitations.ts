import { randomUUID } from "node:crypto";
import type { TFunction } from "i18next";
import { z } from "zod";
import type { InvitationOutcome, InvitationPreview, InviteResults, TeamInvitationList } from "../../core/api.js";
import { INVITATION_DAYS, INVITE_MAX_ADDRESSES, primaryRole, splitAddresses, type TeamRole } from "../../core/teams.js";
import { domainOf } from "../contact/submit-contact.js";
import type { DB } from "../db/database.js";
import { AppError, ERRORS, type ErrorCode } from "../errors.js";
import { queueMails } from "../mail/outbox.js";
import { recipientLanguage } from "../mail/recipient-language.js";
import { assertSeatFree, type QuotaConfig } from "./roster.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const emailSchema = z.email().max(254);

/** The identity library's invitation call, acting for the signed-in admin named by the headers. */
export type CreateInvitation = (args: {
  headers: Headers;
  body: { email: string; role: TeamRole; organizationId: string };
}) => Promise<{ id: string } | null>;

export interface InvitationDeps {
  db: DB;
  config: QuotaConfig & MailConfig;
  createInvitation: CreateInvitation;
  /** Wakes the outbox worker once mails are queued. */
  wake?: () => void;
}

/** The library's refusals of one address, as the product's outcomes. */
const LIBRARY_OUTCOMES: Record<string, [InvitationOutcome, ErrorCode]> = {
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: ["already_member", "alreadyMember"],
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: ["already_invited", "alreadyInvited"],
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: ["quota_exceeded", "membershipQuota"],
  INVALID_EMAIL: ["invalid", "invalidEmail"],
};

/** Where an invitation's mail comes from and the address its link points to. */
type MailConfig = { BASE_URL: string; MAIL_FROM: string };

/** An invitation with its team's name and who invited (null where that account is gone). */
function invitationWithTeam(db: DB, invitationId: string) {
  return db
    .selectFrom("invitation")
    .innerJoin("organization", "organization.id", "invitation.organizationId")
    .leftJoin("user", "user.id", "invitation.inviterId")
    .select([
      "invitation.id",
      "invitation.email",
      "invitation.role",
      "invitation.expiresAt",
      "organization.name as teamName",
      "user.name as inviterName",
      "user.email as inviterEmail",
    ])
    .where("invitation.id", "=", invitationId);
}

/**
 * Queues the invitation mail in the invitee's language (their account's, else `lang`, the inviter's
 * page's) with the link that answers it; a mail sent again is a new message. Both ways of inviting
 * (our route and the identity library's) queue it here.
 */
export async function queueInvitationMail(db: DB, config: MailConfig, opts: { invitationId: string; lang: string }): Promise<void> {
  const row = await invitationWithTeam(db, opts.invitationId).executeTakeFirst();
  // Who invited signs the mail; without them there is no one to name.
  if (!row || row.inviterName === null || row.inviterEmail === null) return;
  const values = {
    to: row.email,
    invitationId: row.id,
    teamName: row.teamName,
    inviterName: row.inviterName,
    inviterEmail: row.inviterEmail,
    role: primaryRole(row.role ?? "member"),
    expiresAt: new Date(row.expiresAt),
    baseUrl: config.BASE_URL,
    lang: await recipientLanguage(db, row.email, opts.lang),
  };
  const messageId = `<team-invitation.${row.id}.${randomUUID()}@${domainOf(config.MAIL_FROM)}>`;
  await queueMails(db, [{ kind: "team-invitation", values, messageId }]);
}

/**
 * Invites every address typed (spaces, commas or semicolons between them) with one role, each on
 * its own: an invalid address, an existing member, a pending invitation or a full team stops that
 * address only. Each invitation's mail is queued in the invitee's language (`lang` for an address without an account).
 */
export async function inviteAddresses(
  deps: InvitationDeps,
  input: { organizationId: string; emails: string; role: TeamRole; headers: Headers; lang: string; t: TFunction },
): Promise<InviteResults> {
  const addresses = splitAddresses(input.emails);
  if (addresses.length === 0) throw new AppError("noAddresses");
  if (addresses.length > INVITE_MAX_ADDRESSES) throw new AppError("tooManyAddresses", { params: { max: INVITE_MAX_ADDRESSES } });
  const results: InviteResults["results"] = [];
  const refused = (email: string, outcome: InvitationOutcome, code: ErrorCode) =>
    results.push({ email, outcome, message: input.t(ERRORS[code].key), code: (ERRORS[code] as { code?: string }).code });
  for (const email of addresses) {
    if (!emailSchema.safeParse(email).success) {
      refused(email, "invalid", "invalidEmail");
      continue;
    }
    try {
      const created = await deps.createInvitation({
        headers: input.headers,
        body: { email, role: input.role, organizationId: input.organizationId },
      });
      if (!created) throw new Error("no invitation");
      await queueInvitationMail(deps.db, deps.config, { invitationId: created.id, lang: input.lang });
      results.push({ email, outcome: "invited", message: input.t("teams:invitations.sent"), invitationId: created.id });
    } catch (error) {
      const code = (error as { body?: { code?: string } }).body?.code ?? "";
      const known = LIBRARY_OUTCOMES[code];
      if (known) refused(email, known[0], known[1]);
      else results.push({ email, outcome: "failed", message: input.t("teams:invitations.failed") });
    }
  }
  if (results.some((r) => r.outcome === "invited")) deps.wake?.();
  return { results };
}

/**
 * A pending invitation as its link shows it before sign-in: the team, who invited, the address and
 * the role. A revoked, answered or expired one is not found.
 */
export async function invitationPreview(db: DB, invitationId: string): Promise<InvitationPreview> {
  const row = await invitationWithTeam(db, invitationId).where("invitation.status", "=", "pending").executeTakeFirst();
  if (!row || new Date(row.expiresAt).getTime() <= Date.now()) throw new AppError("invitationNotFound");
  return {
    teamName: row.teamName,
    inviterName: row.inviterName || row.inviterEmail || "",
    email: row.email,
    role: row.role ?? "member",
    expiresAt: new Date(row.expiresAt).toISOString(),
  };
}

/** The team's pending invitations, newest first; those past their date are marked expired. */
export async function pendingInvitations(db: DB, organizationId: string, now = new Date()): Promise<TeamInvitationList> {
  const rows = await db
    .selectFrom("invitation")
    .leftJoin("user", "user.id", "invitation.inviterId")
    .select([
      "invitation.id",
      "invitation.email",
      "invitation.role",
      "invitation.createdAt",
      "invitation.expiresAt",
      "user.name as inviterName",
    ])
    .where("invitation.organizationId", "=", organizationId)
    .where("invitation.status", "=", "pending")
    .orderBy("invitation.createdAt", "desc")
    .orderBy("invitation.id")
    .limit(200)
    .execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      role: primaryRole(r.role ?? "member"),
      invitedAt: new Date(r.createdAt).toISOString(),
      expiresAt: new Date(r.expiresAt).toISOString(),
      expired: new Date(r.expiresAt) <= now,
      inviterName: r.inviterName ?? null,
    })),
  };
}

async function pendingOf(db: DB, organizationId: string, invitationId: string) {
  const row = await db
    .selectFrom("invitation")
    .select(["id", "expiresAt"])
    .where("id", "=", invitationId)
    .where("organizationId", "=", organizationId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (!row) throw new AppError("invitationNotFound");
  return row;
}

/**
 * Sends a pending invitation again, valid for another full period from now. An expired one holds
 * no seat, so it is renewed only while the team has room.
 */
export async function resendInvitation(deps: InvitationDeps, input: { organizationId: string; invitationId: string; lang: string }) {
  const { db } = deps;
  const row = await pendingOf(db, input.organizationId, input.invitationId);
  if (new Date(row.expiresAt) <= new Date()) await assertSeatFree(db, deps.config, input.organizationId);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("invitation")
      .set({ expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS) })
      .where("id", "=", row.id)
      .execute();
    await queueInvitationMail(trx, deps.config, { invitationId: row.id, lang: input.lang });
  });
  deps.wake?.();
}

/** Revokes a pending invitation: its link answers "no longer valid" from now on. */
export async function revokeInvitation(db: DB, input: { organizationId: string; invitationId: string }) {
  const row = await pendingOf(db, input.organizationId, input.invitationId);
  await db.updateTable("invitation").set({ status: "canceled" }).where("id", "=", row.id).where("status", "=", "pending").execute();
}

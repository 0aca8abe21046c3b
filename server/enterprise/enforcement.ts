import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { isLanguage } from "../../core/languages.js";
import { type EndAccessDeps, endSessionsAndGrants } from "../account/end-access.js";
import type { DB } from "../db/database.js";
import { queueMails } from "../mail/outbox.js";

/** A team member whose primary address is at one of a connection's domains. */
export interface MemberAtDomain {
  userId: string;
  email: string;
  locale: string | null;
}

/** The team's members whose primary address is at one of the domains. */
export async function membersAtDomains(db: DB, organizationId: string, domains: string[]): Promise<MemberAtDomain[]> {
  if (domains.length === 0) return [];
  return db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .select(["user.id as userId", "user.email", "user.locale"])
    .where("member.organizationId", "=", organizationId)
    .where(sql<string>`lower(split_part("user"."email", '@', 2))`, "in", domains)
    .execute();
}

/**
 * Queues, with the change that enforces the connection (`trx`), the mail telling each member at its
 * domains that they sign in with single sign-on from now on, in the member's language (the
 * account's, else the language of the admin's page; docs/decisions/152).
 */
export async function queueEnforcementMails(
  trx: DB,
  members: MemberAtDomain[],
  opts: { teamName: string; baseUrl: string; mailDomain: string; pageLanguage: string },
): Promise<void> {
  const fallback = isLanguage(opts.pageLanguage) ? opts.pageLanguage : "en";
  await queueMails(
    trx,
    members.map((m) => ({
      kind: "sso-enforced" as const,
      values: { to: m.email, teamName: opts.teamName, baseUrl: opts.baseUrl, lang: isLanguage(m.locale) ? m.locale : fallback },
      messageId: `<sso-enforced.${randomUUID()}@${opts.mailDomain}>`,
    })),
  );
}

/**
 * Ends every way in of the members that the connection did not open: their sessions made by a
 * password, a code, a passkey, Google or another connection, and the apps' access granted in them.
 * Sessions made through this connection stay. Answers how many sessions ended.
 */
export async function endOtherWaysIn(deps: EndAccessDeps, members: MemberAtDomain[], connectionId: string): Promise<number> {
  let ended = 0;
  for (const m of members) ended += await endSessionsAndGrants(deps, m.userId, { ssoConnection: connectionId });
  return ended;
}

import { type RawBuilder, sql } from "kysely";
import type { Auth } from "../auth/auth.js";
import { eraseCodesOf, withdrawCode } from "../codes/one-time-codes.js";
import type { DB } from "../db/database.js";
import { signInCodeOf } from "../phone/phone-numbers.js";
import { tombstoneOf } from "./goodbye-mail.js";

/**
 * Erases a person from the product: sessions (also from the shared session store), sign-in
 * methods, two-step data, pending codes, invitations, team memberships (a team left without
 * members goes with them), profile images and personal data. What invoices legally need stays:
 * the billing rows (customer, subscriptions, events) keep pointing at the user's id, whose row
 * remains as a tombstone without name, address or settings (docs/decisions/059).
 * Used by account deletion and meant for an operator console as well; it checks no permissions.
 */
export async function eraseUser(deps: { db: DB; auth: Auth }, userId: string): Promise<void> {
  const { db } = deps;
  const user = await db
    .selectFrom("user")
    .select(["email", "image", "name", "firstName", "lastName", "normalizedEmail"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return;
  // Through Better Auth, so sessions cached in Redis end with the database rows.
  const ctx = await deps.auth.$context;
  await ctx.internalAdapter.deleteUserSessions(userId);

  const tombstone = tombstoneOf(userId);
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("session_reverification")
      .where("session_id", "in", trx.selectFrom("session").select("id").where("userId", "=", userId))
      .execute();
    await trx.deleteFrom("session").where("userId", "=", userId).execute();
    await trx.deleteFrom("passkey").where("userId", "=", userId).execute();
    // API keys: the personal ones and the team keys this user made (docs/decisions/094).
    await trx
      .deleteFrom("api_key")
      .where((eb) => eb.or([eb("user_id", "=", userId), eb("created_by", "=", userId)]))
      .execute();
    await trx.deleteFrom("membership_request").where("user_id", "=", userId).execute();
    // A directory's link to the person names them by its own userName and externalId.
    await trx.deleteFrom("scim_user").where("user_id", "=", userId).execute();
    await trx.deleteFrom("data_export").where("user_id", "=", userId).execute();
    // The security log tells the person's own story: it goes with them (docs/decisions/088).
    await trx.deleteFrom("security_event").where("user_id", "=", userId).execute();
    await trx.deleteFrom("security_device").where("user_id", "=", userId).execute();
    await eraseIdentifiers(trx, userId, user.email);
    await eraseTraces(trx, { userId, tombstone, ...user });
    await trx.deleteFrom("account").where("userId", "=", userId).execute();
    await trx.deleteFrom("twoFactor").where("userId", "=", userId).execute();
    // Codes and trusted-device marks name the user by id or address.
    await trx
      .deleteFrom("verification")
      .where((eb) => eb.or([eb("value", "=", userId), eb("identifier", "like", `%${user.email}%`)]))
      .execute();
    await trx
      .deleteFrom("invitation")
      .where((eb) => eb.or([eb("inviterId", "=", userId), eb("email", "=", user.email)]))
      .execute();
    const teams = await trx.selectFrom("member").select("organizationId").where("userId", "=", userId).execute();
    await trx.deleteFrom("member").where("userId", "=", userId).execute();
    for (const { organizationId } of teams) {
      const left = await trx.selectFrom("member").select("id").where("organizationId", "=", organizationId).limit(1).executeTakeFirst();
      if (!left) await trx.deleteFrom("organization").where("id", "=", organizationId).execute();
    }
    // Stored images are named by the SHA-256 of their bytes: the profile image goes unless another user or team shows the same one.
    const imageId = /[0-9a-f]{64}/.exec(user.image ?? "")?.[0];
    if (imageId) {
      const shared = await trx
        .selectFrom("user")
        .select("id")
        .where("id", "!=", userId)
        .where("image", "like", `%${imageId}%`)
        .union(trx.selectFrom("organization").select("id").where("logo", "like", `%${imageId}%`))
        .limit(1)
        .executeTakeFirst();
      if (!shared) await trx.deleteFrom("stored_image").where("id", "=", imageId).execute();
    }
    await trx
      .updateTable("user")
      .set({
        name: "",
        email: tombstone,
        normalizedEmail: null,
        username: null,
        displayUsername: null,
        banReason: null,
        emailVerified: false,
        image: null,
        locale: null,
        firstName: null,
        lastName: null,
        teamName: null,
        organizationName: null,
        createOrganization: false,
        twoFactorEnabled: false,
        smsTwoFactorEnabled: false,
        updatedAt: new Date(),
      })
      .where("id", "=", userId)
      .execute();
  });
}

/**
 * Further addresses, phone numbers (with their texts), the codes we sent, wallets and sign-in links: kept
 * apart from the user's row, so the tombstone would not cascade them away.
 */
async function eraseIdentifiers(trx: DB, userId: string, email: string) {
  const numbers = (await trx.selectFrom("phone_number").select("phone_number").where("user_id", "=", userId).execute()).map(
    (r) => r.phone_number,
  );
  if (numbers.length) {
    await trx.deleteFrom("dev_sms_outbox").where("to", "in", numbers).execute();
    // Sign-in codes are kept by number, some without an account (server/phone/phone-sign-in.ts).
    for (const number of numbers) await withdrawCode(trx, signInCodeOf(number));
  }
  await eraseCodesOf(trx, userId);
  await trx.deleteFrom("phone_number").where("user_id", "=", userId).execute();
  await trx.deleteFrom("user_email").where("userId", "=", userId).execute();
  await trx.deleteFrom("web3_wallet").where("userId", "=", userId).execute();
  await trx
    .deleteFrom("sign_in_link")
    .where((eb) => eb.or([eb("user_id", "=", userId), eb(sql`lower(email)`, "=", email.toLowerCase())]))
    .execute();
}

/**
 * The person's traces outside their own rows (docs/decisions/083): contact requests from their
 * address go; the audit log keeps what was done but names the tombstone instead of the address;
 * stored mails to, from or about them keep their delivery record with the address and names replaced.
 */
async function eraseTraces(
  trx: DB,
  who: {
    userId: string;
    tombstone: string;
    email: string;
    name: string;
    firstName: string | null;
    lastName: string | null;
    normalizedEmail: string | null;
  },
) {
  const email = who.email.toLowerCase();
  await trx.deleteFrom("contact_request").where(sql`lower(email)`, "=", email).execute();
  await trx
    .deleteFrom("waitlist")
    .where((eb) => eb.or([eb("normalized_email", "=", who.normalizedEmail ?? email), eb(sql`lower(email)`, "=", email)]))
    .execute();
  await trx.updateTable("team_domain").set({ verification_email: null }).where(sql`lower(verification_email)`, "=", email).execute();
  await trx.updateTable("audit_log").set({ actorEmail: who.tombstone }).where("actorId", "=", who.userId).execute();
  await trx
    .updateTable("audit_log")
    .set({ targetLabel: who.tombstone })
    .where("targetType", "=", "user")
    .where("targetId", "=", who.userId)
    .execute();
  // Details such as a ban's reason may name the person too; JSON escapes neither an address nor a plain name.
  await trx
    .updateTable("audit_log")
    .set({ details: sql`replace(replace(details::text, ${who.email}, ${who.tombstone}), ${who.name || who.email}, '[deleted]')::jsonb` })
    .where((eb) =>
      eb.or([
        eb(sql`details::text`, "like", `%${likeLiteral(who.email)}%`),
        ...(who.name.trim().length >= 2 ? [eb(sql`details::text`, "like", `%${likeLiteral(who.name)}%`)] : []),
      ]),
    )
    .execute();
  // Names shorter than two characters would blot out unrelated text.
  const names = [who.name, who.firstName, who.lastName].filter((n): n is string => Boolean(n && n.trim().length >= 2));
  const plain = (text: string) => text;
  // In the JSON text of queued mails' values a quote or a backslash of a name is escaped.
  const inJson = (text: string) => JSON.stringify(text).slice(1, -1);
  /** Whether a text mentions the user's address (in any case) or name, in the form `written` gives them. */
  const about = (text: RawBuilder<unknown>, written = plain) =>
    sql<boolean>`(lower(${text}) like ${`%${likeLiteral(written(email))}%`}${
      who.name.trim().length >= 2 ? sql` or ${text} like ${`%${likeLiteral(written(who.name))}%`}` : sql``
    })`;
  /** The text with the user's address replaced by the tombstone and their names by "[deleted]". */
  const redact = (text: RawBuilder<unknown>, written = plain) =>
    names.reduce(
      (inner, name) => sql<string>`replace(${inner}, ${written(name)}, '[deleted]')`,
      sql<string>`replace(${text}, ${written(who.email)}, ${written(who.tombstone)})`,
    );
  // Mails still waiting for them would go to the tombstone: they are dropped.
  await trx.deleteFrom("mail_outbox").where(sql`lower("to")`, "=", email).where("sent_at", "is", null).execute();
  const [subject, text, html] = [sql.ref("subject"), sql.ref("text"), sql.ref("html")];
  for (const table of ["mail_outbox", "dev_mailbox"] as const) {
    await trx
      .updateTable(table)
      .set({
        to: sql<string>`case when lower("to") = ${email} then ${who.tombstone} else "to" end`,
        reply_to: sql<string>`case when lower(reply_to) = ${email} then ${who.tombstone} else reply_to end`,
        subject: redact(subject),
        text: redact(text),
        html: redact(html),
      })
      .where((eb) =>
        eb.or([eb(sql`lower("to")`, "=", email), eb(sql`lower(reply_to)`, "=", email), about(subject), about(text), about(html)]),
      )
      .execute();
  }
  // Mails queued as values keep them as JSON: the same replacements, on the JSON text.
  const data = sql`data::text`;
  await trx
    .updateTable("mail_outbox")
    .set({ data: sql<string>`(${redact(data, inJson)})::jsonb` })
    .where("data", "is not", null)
    .where(about(data, inJson))
    .execute();
}

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

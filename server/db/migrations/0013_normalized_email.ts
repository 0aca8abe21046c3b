import { type Kysely, sql } from "kysely";
import { normalizeEmail } from "../../access/email-rules.js";

/**
 * The mailbox each account's address reaches, unique, so that variants of one address (`+tags`,
 * Gmail's dots) cannot hold several accounts. Existing accounts get theirs; where two of them
 * already share one, only the older keeps it (the other can still sign in with its own address).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table "user" add column "normalizedEmail" text`.execute(db);
  const users = await sql<{ id: string; email: string }>`select id, email from "user" order by "createdAt"`.execute(db);
  const seen = new Set<string>();
  for (const { id, email } of users.rows) {
    const normalized = normalizeEmail(email);
    if (seen.has(normalized)) continue;
    seen.add(normalized);
    await sql`update "user" set "normalizedEmail" = ${normalized} where id = ${id}`.execute(db);
  }
  await sql`create unique index user_normalized_email_key on "user" ("normalizedEmail")`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table "user" drop column "normalizedEmail"`.execute(db);
}

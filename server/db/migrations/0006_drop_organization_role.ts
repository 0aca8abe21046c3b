import { type Kysely, sql } from "kysely";

/** A pro sign-up's role in its new team is the team's admin role; the copy on the user was never read. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table "user" drop column if exists "organizationRole"`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table "user" add column "organizationRole" text`.execute(db);
}

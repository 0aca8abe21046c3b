import { type Kysely, sql } from "kysely";

/**
 * When an account agreed to the terms and privacy policy and to which version of them. Accounts
 * made before have none and are asked at their next sign-in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table "user" add column "legalConsentAt" timestamptz, add column "legalConsentVersion" text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table "user" drop column "legalConsentAt", drop column "legalConsentVersion"`.execute(db);
}

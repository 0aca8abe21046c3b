import { type Kysely, sql } from "kysely";

/** The user's name parts and the plan chosen at sign-up, with the team a pro sign-up asks for. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table "user"
      add column "firstName" text,
      add column "lastName" text,
      add column "planType" text default 'individual',
      add column "teamName" text,
      add column "createOrganization" boolean default false,
      add column "organizationName" text,
      add column "organizationRole" text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table "user"
      drop column "firstName", drop column "lastName", drop column "planType", drop column "teamName",
      drop column "createOrganization", drop column "organizationName", drop column "organizationRole";
  `.execute(db);
}

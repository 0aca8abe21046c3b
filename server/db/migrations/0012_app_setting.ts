import { type Kysely, sql } from "kysely";

/** Operator switches that every instance reads from the database, such as maintenance mode. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table app_setting (
    key text primary key,
    value text not null,
    updated_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table app_setting`.execute(db);
}

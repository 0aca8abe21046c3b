import { type Kysely, sql } from "kysely";

/**
 * The passkey plugin's table, as its own migration helper generates it, and when each passkey last
 * signed its owner in (ours: the security page lists it; docs/decisions/071-passkeys.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table "passkey" ("id" text not null primary key, "name" text, "publicKey" text not null,
      "userId" text not null references "user" ("id") on delete cascade, "credentialID" text not null,
      "counter" integer not null, "deviceType" text not null, "backedUp" boolean not null, "transports" text,
      "createdAt" timestamptz, "aaguid" text);
    create index "passkey_userId_idx" on "passkey" ("userId");
    create index "passkey_credentialID_idx" on "passkey" ("credentialID");
    alter table "passkey" add column "lastUsedAt" timestamptz;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table "passkey";`.execute(db);
}

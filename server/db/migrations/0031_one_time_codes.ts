import { type Kysely, sql } from "kysely";

/**
 * One table for the codes we send ourselves (docs/decisions/079, server/codes/one-time-codes.ts),
 * keyed by purpose and subject, with a salted hash, the checks made and the expiry. Codes waiting
 * at the upgrade move over with their counts, so a code already sent keeps working: texted codes
 * (`phone_code`, unsalted SHA-256), team domain codes (columns of `team_domain`, salted with the
 * domain's id and a colon) and the mailed reverification and further-address codes kept in the
 * identity library's `verification` table (unsalted, `hash:tries`). The old places are dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table one_time_code (
      purpose text not null,
      subject text not null,
      id text not null unique,
      user_id text,
      salt text not null,
      code_hash text not null,
      attempts integer not null default 0,
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      primary key (purpose, subject)
    );
    create index one_time_code_user_idx on one_time_code (user_id) where user_id is not null;
    create index one_time_code_expires_idx on one_time_code (expires_at);

    insert into one_time_code (purpose, subject, id, user_id, salt, code_hash, attempts, expires_at)
    select 'phone_number', n.id, gen_random_uuid()::text, n.user_id, '', c.code_hash, c.attempts, c.expires_at
    from phone_code c
    join phone_number n on c.key = 'verify:' || n.user_id || ':' || n.phone_number
    where c.expires_at > now()
    on conflict do nothing;

    insert into one_time_code (purpose, subject, id, user_id, salt, code_hash, attempts, expires_at)
    select 'phone_sign_in', substr(c.key, 9), gen_random_uuid()::text, n.user_id, '', c.code_hash, c.attempts, c.expires_at
    from phone_code c
    left join phone_number n on n.phone_number = substr(c.key, 9) and n.verified
    where c.key like 'sign-in:%' and c.expires_at > now()
    on conflict do nothing;

    insert into one_time_code (purpose, subject, id, user_id, salt, code_hash, attempts, expires_at)
    select 'team_domain', d.id, gen_random_uuid()::text, null, d.id || ':', d.code_hash, d.code_attempts, d.code_expires_at
    from team_domain d
    where d.code_hash is not null and d.code_expires_at > now() and d.verified_at is null
    on conflict do nothing;

    insert into one_time_code (purpose, subject, id, user_id, salt, code_hash, attempts, expires_at)
    select 'reverification', s.id, gen_random_uuid()::text, s."userId", '',
      split_part(v.value, ':', 1), split_part(v.value, ':', 2)::integer, v."expiresAt"
    from verification v
    join session s on v.identifier = 'reverify-' || s.id
    where v."expiresAt" > now()
    on conflict do nothing;

    insert into one_time_code (purpose, subject, id, user_id, salt, code_hash, attempts, expires_at)
    select 'email_address', e.id, gen_random_uuid()::text, e."userId", '',
      split_part(v.value, ':', 1), split_part(v.value, ':', 2)::integer, v."expiresAt"
    from verification v
    join user_email e on v.identifier = 'add-email-' || e.id
    where v."expiresAt" > now() and e."verifiedAt" is null
    on conflict do nothing;

    delete from verification where identifier like 'reverify-%' or identifier like 'add-email-%';
    drop table phone_code;
    alter table team_domain drop column code_hash, drop column code_expires_at, drop column code_attempts;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table phone_code (
      key text not null primary key,
      code_hash text not null,
      attempts integer not null default 0,
      expires_at timestamptz not null
    );
    alter table team_domain add column code_hash text, add column code_expires_at timestamptz,
      add column code_attempts integer not null default 0;
    drop table one_time_code;
  `.execute(db);
}

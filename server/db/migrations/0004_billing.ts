import { type Kysely, sql } from "kysely";

/**
 * Subscription state: the user's public billing fields (read by Better Auth as additional user
 * fields; "planType" is shared with the plan chosen at sign-up, so it may already exist), provider customers and subscriptions, processed webhook event ids, and the local
 * payment provider's own checkout sessions and subscriptions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table "user" add column "activeSubscription" boolean not null default false;
    alter table "user" add column "subscriptionStatus" text;
    alter table "user" add column if not exists "planType" text default 'individual';
    alter table "user" add column "trialEndsAt" timestamptz;
    create table billing_customer (user_id text not null references "user" ("id") on delete cascade,
      provider text not null, customer_id text not null, created_at timestamptz not null default now(),
      primary key (user_id, provider), unique (provider, customer_id));
    create table billing_subscription (provider text not null, id text not null,
      user_id text not null references "user" ("id") on delete cascade, customer_id text not null, status text not null,
      trial_end timestamptz, current_period_end timestamptz, cancel_at_period_end boolean not null default false,
      state_at bigint not null, updated_at timestamptz not null default now(), primary key (provider, id));
    create index billing_subscription_user_idx on billing_subscription (user_id);
    create table billing_event (provider text not null, id text not null, type text not null,
      received_at timestamptz not null default now(), primary key (provider, id));
    create table local_checkout_session (id text not null primary key,
      user_id text not null references "user" ("id") on delete cascade, customer_id text not null, trial boolean not null,
      team_name text, status text not null default 'open', success_url text not null, cancel_url text not null,
      created_at timestamptz not null default now());
    create table local_subscription (id text not null primary key,
      user_id text not null references "user" ("id") on delete cascade, customer_id text not null, status text not null,
      trial_end timestamptz, current_period_end timestamptz not null, cancel_at_period_end boolean not null default false,
      created_at timestamptz not null default now());
    create index local_subscription_customer_idx on local_subscription (customer_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table local_subscription, local_checkout_session, billing_event, billing_subscription, billing_customer;
    alter table "user" drop column "activeSubscription", drop column "subscriptionStatus", drop column "trialEndsAt";
  `.execute(db);
}

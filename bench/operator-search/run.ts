/**
 * The operator console's searches and lists on PostgreSQL at scale: a scratch database (created
 * on the server of BENCH_DATABASE_URL or TEST_DATABASE_URL, an admin URL, and dropped at the end,
 * also on Ctrl-C or an error) with the product's migrations, 100,000 generated users and 20,000
 * teams with their members; then the console's own domain functions (`listUsers`, `listTeams`)
 * called directly on it, one call at a time, many times each with varying inputs after a warm-up.
 * Prints p50, p95 and the slowest call per row, and with `--explain` the plans of each row's
 * queries (EXPLAIN (ANALYZE, BUFFERS), one representative input).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/operator-search/run.ts [--runs 100] [--warm-up 10] [--explain]
 */
import { randomBytes } from "node:crypto";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Paged, TeamListQuery, UserListQuery } from "../../core/operator.js";
import type { DB } from "../../server/db/database.js";
import { migrateToLatest } from "../../server/db/migrate.js";
import type { Database } from "../../server/db/schema.js";
import { listTeams } from "../../server/operator/teams.js";
import { listUsers } from "../../server/operator/users.js";

const args = parseArgs({
  options: {
    runs: { type: "string", default: "100" },
    "warm-up": { type: "string", default: "10" },
    users: { type: "string", default: "100000" },
    teams: { type: "string", default: "20000" },
    explain: { type: "boolean", default: false },
  },
});
const RUNS = Number(args.values.runs);
const WARM_UP = Number(args.values["warm-up"]);
const USERS = Number(args.values.users);
const TEAMS = Number(args.values.teams);
const TARGET_MS = 50;

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error(
    "operator-search measures PostgreSQL only: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to an admin URL, e.g.\n" +
      "  BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/operator-search/run.ts\n" +
      "(a scratch database is created on that server and dropped at the end)",
  );
  process.exit(2);
}

// As the server reads them (server/db/database.ts): BIGINT counts as numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

// ---------------------------------------------------------------------------------------------
// The scratch database, dropped at the end, on an error and on Ctrl-C.

const name = `crm_bench_${randomBytes(4).toString("hex")}`;
async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
await admin(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;

const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
pool.on("error", () => {});
/** Every statement the domain functions send, captured while `capture` is set (for --explain). */
let capture: { sql: string; parameters: readonly unknown[] }[] | undefined;
const db: DB = new Kysely<Database>({
  dialect: new PostgresDialect({ pool }),
  log(event) {
    if (capture && event.level === "query") capture.push({ sql: event.query.sql, parameters: event.query.parameters });
  },
});

let dropped = false;
async function dropDatabase() {
  if (dropped) return;
  dropped = true;
  await db.destroy().catch(() => {});
  await admin(`drop database if exists ${name} with (force)`);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    console.error(`\n${signal}: dropping ${name}`);
    await dropDatabase().catch((error) => console.error(`could not drop ${name}: ${error}`));
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------------------------
// Generated data: varied names (several languages), addresses at free-mail and company domains in
// several patterns, sign-ups spread over four years (more of them recent), plans and subscription
// states, some banned and unverified accounts; teams of 1 to 16 members and a few large ones.

const FIRST = `Anna Ben Clara David Elena Felix Greta Hannah Ivan Julia Karl Lena Max Nina Oskar Paula Quentin Rosa Stefan
  Tina Uwe Vera Wilhelm Xenia Yusuf Zoe Aaliyah Liam Olivia Noah Emma Oliver Ava Elijah Sophia James Isabella William Mia
  Lucas Amelia Henry Harper Alexander Evelyn Mateo Camila Santiago Valentina Sebastián Lucía José María Pablo Carmen
  Jörg Jürgen Sören Björn Zoë Chloé Amélie François Hélène Noël Léa Øyvind Åsa Ingrid Lars Sven Astrid Priya Arjun Ananya
  Rohan Wei Min Hiroshi Yuki Sakura Kenji Ji-woo Seo-yeon Chen Mei Fatima Omar Layla Ahmed Amara Kwame Chidi Ngozi
  Aleksandra Piotr Katarzyna Tomasz Dmitri Olga Giulia Marco Francesca Luca Siobhán Declan Aoife Niamh Connor`;
const LAST = `Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch Richter Klein Wolf Schröder
  Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange Smith Johnson Williams Brown Jones Garcia Miller Davis
  Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Thompson White Harris
  Clark Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera
  García López Fernández Sánchez Pérez Gómez Dubois Lefèvre Moreau Rousseau Girard Bonnet Rossi Russo Ferrari Esposito
  Bianchi Romano Kowalski Nowak Wiśniewski Wójcik Ivanov Petrov Smirnov Andersson Johansson Karlsson Nilsson Hansen
  Jensen Nielsen Larsen Olsen Sato Suzuki Takahashi Tanaka Watanabe Kim Park Choi Wang Li Zhang Liu Chen Yang Patel Sharma
  Singh Kumar Gupta Okafor Mensah Adeyemi Haddad Khalil Nasser O'Brien Murphy Kelly Byrne Walsh Dekker Mulder
  Janssen Bakker Visser Smit`;
const words = (s: string) => s.trim().split(/\s+/);
const FREE_MAIL = words("gmail.com outlook.com yahoo.com hotmail.com icloud.com gmx.de web.de proton.me t-online.de yahoo.fr orange.fr");
const COMPANIES = words(`northwind-talent.com hireright.io acme-staffing.com talentbridge.eu peoplefirst.de recruitwise.co.uk
  brightpath-hr.com staffhub.io nexthire.com cornerstone-search.de bluefin-recruiting.com talentforge.io searchlight.partners
  mosaic-people.com kaleido-hr.de evergreen-staffing.com hirequest.fr talentum.es persona-recruiting.it nordic-talent.se
  jobbrücke.de summit-executive.com lighthouse-talent.nl meridian-hr.com apex-recruiting.co foundry-people.io
  quantum-staffing.de harbor-hiring.com silverline-search.com atlas-personal.de`);
const ADJECTIVES = words(`Northern Bright Blue Green Silver Golden Swift Clear Open First Prime Urban Alpine Coastal Royal Modern
  Global Smart Agile Bold Rapid True Noble Pacific Atlantic Nordic Central Metro Summit Evergreen`);
const NOUNS = words(`Talent Hiring People Staffing Recruiting Search Careers Workforce Partners Bridge Path Harbor Peak Forge
  Compass Beacon Anchor Horizon Field River Stone Oak Maple Cedar Falcon Lynx Orbit Quest Signal Spark`);
const SUFFIXES = words("GmbH Ltd Inc AG Group Agency Partners Consulting Solutions Team Labs Collective Network Works Associates");

const arr = (values: string[]) => sql`${sql.val(values)}::text[]`;
const pick = (values: string[]) => sql`(${arr(values)})[1 + floor(random() * ${values.length})::int]`;
// E-mail local parts: ASCII forms of the names.
const ascii = (expr: ReturnType<typeof sql>) =>
  sql`regexp_replace(translate(lower(${expr}), 'áàâäãåæçéèêëíìîïñóòôöõøśšúùûüýÿžźżćčłőű''', 'aaaaaaaceeeeiiiinoooooossuuuuyyzzzcclou'), '[^a-z0-9.-]', '', 'g')`;

async function generate() {
  const t0 = performance.now();
  await sql`select setseed(0.26)`.execute(db);
  // The check that an address is not another account's further address takes one advisory lock
  // per row (migration 0023); a bulk insert of fresh addresses needs none of them.
  await sql`alter table "user" disable trigger user_primary_email_unique_across`.execute(db);
  const insertUsers = (count: number, from: number, uniqueSuffix: boolean) => sql`
    insert into "user" (id, name, email, "normalizedEmail", "emailVerified", "createdAt", "updatedAt", "firstName",
      "lastName", "planType", "activeSubscription", "subscriptionStatus", banned, "banReason", role, locale)
    select id, name, email, email, verified, created, created + interval '1 hour' * floor(r_upd * 2000), first, last,
      case when pro then 'pro' else 'individual' end,
      pro and status in ('active', 'trialing', 'past_due'),
      case when pro then status end,
      r_ban < 0.012, case when r_ban < 0.012 then 'Spam invitations' end,
      case when i % 20000 = 7 then 'operator' else 'user' end,
      (array['en','de','fr','es'])[1 + floor(r_loc * 4)::int]
    from (
      select i, id, first, last, created, verified, pro, status, r_upd, r_ban, r_loc,
        first || case when middle then ' ' || chr(65 + floor(r_mid * 26)::int) || '.' else '' end || ' ' || last as name,
        case pattern
          when 0 then ${ascii(sql`first`)} || '.' || ${ascii(sql`last`)}
          when 1 then left(${ascii(sql`first`)}, 1) || ${ascii(sql`last`)}
          when 2 then ${ascii(sql`first`)} || '.' || left(${ascii(sql`last`)}, 1)
          when 3 then ${ascii(sql`first`)} || '_' || ${ascii(sql`last`)}
          when 4 then ${ascii(sql`last`)} || '.' || ${ascii(sql`first`)}
          else ${ascii(sql`first`)} || ${ascii(sql`last`)}
        end
        || case when ${uniqueSuffix}::boolean then '.' || i::text when numbered then (1950 + floor(r_num * 60)::int)::text else '' end
        || '@' || domain as email
      from (
        select i, md5('user' || i::text) as id,
          ${pick(words(FIRST))} as first, ${pick(words(LAST))} as last,
          random() < 0.1 as middle, random() as r_mid,
          floor(random() * 6)::int as pattern, random() < 0.45 as numbered, random() as r_num,
          case when random() < 0.45 then ${pick(FREE_MAIL)} else ${pick(COMPANIES)} end as domain,
          now() - interval '1 day' * (1460 * power(random(), 1.6)) - interval '1 second' * floor(random() * 86400) as created,
          random() >= 0.08 as verified,
          random() < 0.22 as pro,
          (array['active','active','active','trialing','past_due','canceled','incomplete'])[1 + floor(random() * 7)::int] as status,
          random() as r_upd, random() as r_ban, random() as r_loc
        from generate_series(${from}::int, ${from + count - 1}::int) i
      ) g
    ) u
    on conflict do nothing`;
  await insertUsers(USERS, 1, false).execute(db);
  // Patterns repeat (two Anna Müllers at gmail.com); the few collisions are topped up with numbered addresses.
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from "user"`.execute(db);
  const missing = USERS - (rows[0]?.n ?? 0);
  if (missing > 0) await insertUsers(missing, USERS + 1, true).execute(db);
  await sql`alter table "user" enable trigger user_primary_email_unique_across`.execute(db);

  await sql`create temporary table user_n as select row_number() over (order by id)::int as n, id from "user"`.execute(db);
  await sql`create unique index on user_n (n)`.execute(db);
  await sql`
    insert into organization (id, name, slug, "createdAt", metadata)
    select md5('team' || i::text), name,
      regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g') || '-' || to_hex(i), created, null
    from (
      select i, ${pick(ADJECTIVES)} || ' ' || ${pick(NOUNS)} || ' ' || ${pick(SUFFIXES)} as name,
        now() - interval '1 day' * (1400 * power(random(), 1.4)) as created
      from generate_series(1, ${TEAMS}::int) i
    ) t`.execute(db);
  // Sizes: most teams 1 to 16 members, one in a hundred 100 to 400. The first member is the admin
  // who created the team; about one in ten of the others is an admin too.
  await sql`
    with sizes as materialized (
      select id as org, "createdAt" as created,
        case when random() < 0.01 then 100 + floor(random() * 300)::int else 1 + floor(power(random(), 2) * 16)::int end as size
      from organization
    ), slots as materialized (
      select org, created, k, 1 + floor(random() * ${USERS})::int as n, random() as r_role, random() as r_join
      from sizes, generate_series(1, size) k
    )
    insert into member (id, "organizationId", "userId", role, "createdAt")
    select md5('member' || org || k::text), org, u.id,
      case when k = 1 or r_role < 0.1 then 'admin' else 'member' end,
      created + case when k = 1 then interval '0' else interval '1 hour' * floor(r_join * 8000) end
    from slots join user_n u using (n)`.execute(db);
  await sql`drop table user_n`.execute(db);
  await sql`analyze "user", organization, member`.execute(db);
  return performance.now() - t0;
}

// ---------------------------------------------------------------------------------------------
// Measurement.

interface Row {
  label: string;
  /** The query of call number i (varying inputs cycle through the sampled values). */
  call: (i: number) => Promise<Paged<unknown>>;
}
interface Measured {
  label: string;
  p50: number;
  p95: number;
  max: number;
  /** Median of the `total` each call answered (how many users or teams matched). */
  matched: number;
  runs: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function measure(row: Row): Promise<Measured> {
  for (let i = 0; i < WARM_UP; i++) await row.call(i + RUNS);
  const times: number[] = [];
  const totals: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const result = await row.call(i);
    times.push(performance.now() - started);
    totals.push(result.total);
  }
  times.sort((a, b) => a - b);
  totals.sort((a, b) => a - b);
  const m = {
    label: row.label,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1) ?? 0,
    matched: percentile(totals, 50),
    runs: RUNS,
  };
  console.error(`${row.label}: p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms`);
  return m;
}

/** EXPLAIN (ANALYZE, BUFFERS) of every statement one call sends. */
async function explain(row: Row): Promise<string> {
  capture = [];
  await row.call(0);
  const statements = capture;
  capture = undefined;
  const out: string[] = [];
  for (const statement of statements) {
    const { rows } = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${statement.sql}`, [...statement.parameters]);
    out.push(
      `${statement.sql.replace(/\s+/g, " ").trim()}\n-- ${JSON.stringify(statement.parameters)}\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`,
    );
  }
  return `#### ${row.label}\n\n\`\`\`\n${out.join("\n\n")}\n\`\`\``;
}

/** Search inputs sampled from the generated data (fixed seed, so every run asks the same). */
async function samples() {
  await sql`select setseed(0.5)`.execute(db);
  const users = await sql<{ email: string; name: string; r1: number; r2: number }>`
    select email, name, random() as r1, random() as r2 from "user" order by random() limit ${RUNS + WARM_UP}`.execute(db);
  const teams = await sql<{ name: string; r1: number; r2: number }>`
    select name, random() as r1, random() as r2 from organization order by random() limit ${RUNS + WARM_UP}`.execute(db);
  // An address's first 3 to 8 characters ("ann", "anna.mu"), as an operator types the start of one.
  const emailPrefixes = users.rows.map((u) => u.email.slice(0, 3 + Math.floor(u.r1 * 6)));
  // 3 to 6 characters from anywhere in a name ("ülle", "a Sch"), lower-case as the search compares.
  const fragment = (s: string, r1: number, r2: number) => {
    const length = 3 + Math.floor(r1 * 4);
    const start = Math.floor(r2 * Math.max(1, s.length - length + 1));
    return s.slice(start, start + length);
  };
  const nameFragments = users.rows.map((u) => fragment(u.name, u.r1, u.r2));
  const teamFragments = teams.rows.map((t) => fragment(t.name, t.r1, t.r2));
  // Two characters, the shortest search the console runs (SEARCH_MIN).
  const shortSearches = users.rows.map((u) => fragment(u.name, 0, u.r2).slice(0, 2));
  return { emailPrefixes, nameFragments, teamFragments, shortSearches };
}

const FILTERS: UserListQuery[] = [
  { plan: "pro", status: "active" },
  { plan: "individual", status: "unverified" },
  { plan: "pro", status: "banned" },
  { plan: "individual", status: "active" },
];

function rows(s: Awaited<ReturnType<typeof samples>>): Row[] {
  const at = (values: string[], i: number) => values[i % values.length] ?? "";
  const user = (q: UserListQuery) => listUsers(db, q);
  const team = (q: TeamListQuery) => listTeams(db, q);
  return [
    { label: "users: search by e-mail prefix (3–8 characters)", call: (i) => user({ q: at(s.emailPrefixes, i) }) },
    { label: "users: search by name fragment (3–6 characters)", call: (i) => user({ q: at(s.nameFragments, i) }) },
    { label: "users: search of 2 characters", call: (i) => user({ q: at(s.shortSearches, i) }) },
    { label: "users: list, page 1 (newest first)", call: () => user({ page: 1 }) },
    { label: "users: list, page 500 (newest first)", call: () => user({ page: 500 }) },
    { label: "users: filtered by plan and status, page 1", call: (i) => user(FILTERS[i % FILTERS.length] ?? {}) },
    { label: "teams: search by name fragment (3–6 characters)", call: (i) => team({ q: at(s.teamFragments, i) }) },
    { label: "teams: list, page 1 (newest first)", call: () => team({ page: 1 }) },
    { label: "teams: list, page 1 by member count", call: () => team({ page: 1, sort: "members" }) },
  ];
}

// ---------------------------------------------------------------------------------------------

try {
  const migrated = await migrateToLatest(db);
  console.error(`${name}: ${migrated.length} migrations applied; generating ${USERS} users and ${TEAMS} teams…`);
  const generatedMs = await generate();
  const { rows: counts } = await sql<{ users: number; teams: number; members: number; pro: number; banned: number; unverified: number }>`
    select (select count(*) from "user")::int as users, (select count(*) from organization)::int as teams,
      (select count(*) from member)::int as members, (select count(*) from "user" where "planType" = 'pro')::int as pro,
      (select count(*) from "user" where banned)::int as banned, (select count(*) from "user" where not "emailVerified")::int as unverified`.execute(
    db,
  );
  const c = counts[0];
  const { rows: examples } = await sql<{ user: string; team: string }>`
    select u.name || ' <' || u.email || '>' as user, o.name || ' (' || o.slug || ')' as team
    from (select name, email, row_number() over () as k from "user" tablesample system (1) limit 4) u
    join (select name, slug, row_number() over () as k from organization tablesample system (5) limit 4) o using (k)`.execute(db);
  console.error(`generated in ${(generatedMs / 1000).toFixed(1)} s: ${JSON.stringify(c)}`);
  for (const e of examples) console.error(`  e.g. ${e.user}; ${e.team}`);
  const { rows: version } = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db);

  const all = rows(await samples());
  const results: Measured[] = [];
  for (const row of all) results.push(await measure(row));

  const f = (n: number) => n.toFixed(1);
  console.log(
    `\nNode ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        " ",
      )}; PostgreSQL ${version[0]?.v ?? "?"}; ${c?.users} users (${c?.pro} pro, ${c?.banned} banned, ${c?.unverified} unverified), ` +
      `${c?.teams} teams with ${c?.members} members; ${RUNS} calls per row after ${WARM_UP} to warm up; target p95 < ${TARGET_MS} ms\n`,
  );
  console.log("| query | p50 ms | p95 ms | max ms | matches (median) | calls |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of results) {
    const over = r.p95 >= TARGET_MS ? " **≥ target**" : "";
    console.log(`| ${r.label} | ${f(r.p50)} | ${f(r.p95)}${over} | ${f(r.max)} | ${r.matched.toLocaleString("en")} | ${r.runs} |`);
  }
  if (args.values.explain) {
    console.log("\n### Plans (EXPLAIN (ANALYZE, BUFFERS), the first input of each row)\n");
    for (const row of all) console.log(`${await explain(row)}\n`);
  }
} finally {
  await dropDatabase();
}

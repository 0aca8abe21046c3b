/**
 * How long the embedded database's idle upkeep (server/db/idle-vacuum.ts) holds PGlite's one
 * connection. A scratch embedded database (a temporary folder, removed at the end) gets the
 * product's migrations, then a populated account area: users with their sessions and accounts,
 * contact requests with their queued mails, and a history of changes (sessions expired and
 * deleted, mails marked sent, users edited) that leaves dead rows. The upkeep then runs as it does
 * after an idle minute while a probe sends `select 1` every 5 ms, as a request arriving meanwhile
 * would: the probe's slowest answer is how long a request can wait for the connection (PGlite runs
 * on the server's thread, so this is also how long the process answers nothing at all).
 *
 *   npx tsx bench/vacuum/run.ts [--users 20000] [--contacts 50000]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { openDatabase } from "../../server/db/database.js";
import { vacuumTables } from "../../server/db/idle-vacuum.js";
import { migrateToLatest } from "../../server/db/migrate.js";

const args = parseArgs({ options: { users: { type: "string", default: "20000" }, contacts: { type: "string", default: "50000" } } });
const USERS = Number(args.values.users);
const CONTACTS = Number(args.values.contacts);

const dataDir = await mkdtemp(path.join(tmpdir(), "crm-bench-vacuum-"));
const database = await openDatabase({ dataDir });
const { db } = database;
const ms = (from: number) => Math.round(performance.now() - from);

try {
  await migrateToLatest(db);
  let t0 = performance.now();
  // In groups: the one-owner-per-address trigger takes a lock per new user until the statement ends.
  for (let from = 1; from <= USERS; from += 500) {
    await sql`insert into "user" (id, name, email, "emailVerified", "normalizedEmail")
      select 'u' || i, 'User ' || i, 'user' || i || '@example.com', true, 'user' || i || '@example.com'
      from generate_series(${from}::int, ${Math.min(USERS, from + 499)}::int) i`.execute(db);
  }
  await sql`insert into account (id, "accountId", "providerId", "userId", password, "updatedAt")
    select 'a' || i, 'u' || i, 'credential', 'u' || i, repeat('x', 160), now() from generate_series(1, ${USERS}) i`.execute(db);
  // Three sessions a user over time: two of them expired and deleted since.
  await sql`insert into session (id, "expiresAt", token, "updatedAt", "userId", "ipAddress", "userAgent")
    select 's' || i, now() + interval '7 days', md5(i::text), now(), 'u' || (1 + i % ${USERS}), '127.0.0.1', 'Mozilla/5.0 (bench)'
    from generate_series(1, ${USERS * 3}) i`.execute(db);
  await sql`delete from session where right(id, 1) in ('1', '2', '3', '4', '5', '6')`.execute(db);
  await sql`update "user" set name = name || ' (edited)' where right(id, 1) in ('1', '2', '3')`.execute(db);
  await sql`insert into contact_request (id, name, email, company, language, status, ip_hash, user_agent)
    select 'c' || i, 'Sender ' || i, 'sender' || i || '@example.com', 'Company ' || i, 'en', 'new', md5(i::text), 'Mozilla/5.0'
    from generate_series(1, ${CONTACTS}) i`.execute(db);
  await sql`update contact_request set status = 'notified'`.execute(db);
  console.error(
    `populated in ${ms(t0)} ms: ${USERS} users, ${USERS * 3} sessions (2/3 deleted), ${CONTACTS} contact requests (all updated)`,
  );

  const { rows: dead } = await sql<{ table: string; dead: number; live: number }>`
    select relname as table, n_dead_tup::int as dead, n_live_tup::int as live from pg_stat_user_tables
    where n_dead_tup > 0 order by n_dead_tup desc`.execute(db);

  // The probe: a request's statement every 5 ms while the upkeep runs, timed from asking to answer.
  let probing = true;
  const waits: number[] = [];
  // PGlite runs on this thread: a statement in hand delays the timer itself, so a wait is counted
  // from when the request was due, not from when the timer could fire.
  const probe = (async () => {
    while (probing) {
      const due = performance.now() + 5;
      await new Promise((resolve) => setTimeout(resolve, 5));
      await sql`select 1`.execute(db);
      waits.push(performance.now() - due);
    }
  })();
  t0 = performance.now();
  const run = await vacuumTables(db);
  probing = false;
  await probe;
  waits.sort((a, b) => a - b);
  const p = (q: number) => Math.round(waits[Math.min(waits.length - 1, Math.floor(q * waits.length))] ?? 0);

  console.log(`\n## Embedded database upkeep (PGlite), ${new Date().toISOString().slice(0, 10)}`);
  console.log(`\n${cpus().length} cores (${cpus()[0]?.model ?? "?"}), load ${loadavg()[0]?.toFixed(1)} at the end\n`);
  console.log("| table | dead rows before | live rows |");
  console.log("| --- | ---: | ---: |");
  for (const row of dead.slice(0, 8)) console.log(`| ${row.table} | ${row.dead} | ${row.live} |`);
  console.log(`\n| upkeep | value |`);
  console.log("| --- | ---: |");
  console.log(`| tables vacuumed | ${run.tables.length} |`);
  console.log(`| whole run | ${ms(t0)} ms |`);
  console.log(`| longest single statement (connection held) | ${Math.round(run.longestHoldMs)} ms |`);
  console.log(`| probe during the run: answers, p50, p99, slowest | ${waits.length}, ${p(0.5)} ms, ${p(0.99)} ms, ${p(1)} ms |`);
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}

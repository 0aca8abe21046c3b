import { type Kysely, sql } from "kysely";

/** The operator console's trigram indexes: users' e-mail and name (0017_operator), teams' name and slug (0025). */
const TRIGRAM_INDEXES = ["user_email_trgm", "user_name_trgm", "organization_name_trgm", "organization_slug_trgm"];

/**
 * The console's trigram indexes take each new entry into the index itself rather than into a
 * pending list merged later (GIN's "fast update"). A search reads the whole pending list, up to
 * 4 MB of unsorted entries, and the planner, pricing that in, turned to sequential scans that run
 * `lower(…) like` on every row: 70–80 ms for a user search at 100,000 users instead of 5–10 ms
 * (docs/decisions/085-operator-search-indexes.md, bench/README.md). Entries already pending are
 * merged now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of TRIGRAM_INDEXES) {
    await sql`alter index ${sql.id(index)} set (fastupdate = off)`.execute(db);
    await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of TRIGRAM_INDEXES) await sql`alter index ${sql.id(index)} reset (fastupdate)`.execute(db);
}

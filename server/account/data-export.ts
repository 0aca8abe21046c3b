import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { OperatorDataExport } from "../../core/operator.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import type { LeasedJob, LeasedTable } from "../jobs/lease.js";
import type { JobFailure, JobKind } from "../jobs/runner.js";
import { queueMails } from "../mail/outbox.js";
import { collectUserData } from "./user-data.js";

/** How long the mailed link works (docs/decisions/082). */
export const EXPORT_LINK_HOURS = 48;
/** Exports a user may ask for per day; each one reads every table about them. */
export const EXPORTS_PER_DAY = 5;
const LEASE_SECONDS = 60;
const MAX_ATTEMPTS = 5;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Asks for a copy of the user's data: prepared in the background and mailed as a link. A request
 * while one is still being prepared answers that one; more than `EXPORTS_PER_DAY` a day are refused.
 */
export async function requestDataExport(db: DB, input: { userId: string; language: string; requestedBy: string | null }) {
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const recent = await db
    .selectFrom("data_export")
    .select(["id", "status"])
    .where("user_id", "=", input.userId)
    .where("created_at", ">=", since)
    .execute();
  const pending = recent.find((r) => r.status === "pending");
  if (pending) return { id: pending.id };
  if (recent.length >= EXPORTS_PER_DAY) throw new AppError("exportTooMany");
  const id = randomUUID();
  await db
    .insertInto("data_export")
    .values({ id, user_id: input.userId, requested_by: input.requestedBy, language: input.language === "de" ? "de" : "en" })
    .execute();
  return { id };
}

/** The user's exports, newest first, as operators see them (never the archive or the link). */
export async function listDataExports(db: DB, userId: string): Promise<OperatorDataExport[]> {
  const rows = await db
    .selectFrom("data_export")
    .leftJoin("user as operator", "operator.id", "data_export.requested_by")
    .select([
      "data_export.id",
      "data_export.status",
      "data_export.created_at",
      "data_export.ready_at",
      "data_export.downloaded_at",
      "data_export.expires_at",
      "operator.email as operatorEmail",
    ])
    .where("data_export.user_id", "=", userId)
    .orderBy("data_export.created_at", "desc")
    .limit(50)
    .execute();
  const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
  const now = Date.now();
  return rows.map((r) => ({
    id: r.id,
    // A ready link past its time counts as expired even before the worker empties it.
    status: r.status === "ready" && r.expires_at && new Date(r.expires_at).getTime() <= now ? "expired" : r.status,
    requestedBy: r.operatorEmail ?? null,
    createdAt: new Date(r.created_at).toISOString(),
    readyAt: iso(r.ready_at),
    downloadedAt: iso(r.downloaded_at),
    expiresAt: iso(r.expires_at),
  }));
}

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The page the mailed link opens: it shows a Download button, so a mail scanner opening the link downloads nothing (decision 086). */
export function dataExportPageUrl(baseUrl: string, language: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/${language === "de" ? "de" : "en"}/account/data-export?token=${token}`;
}

/** What a link's export is now; undefined for a token that names none. */
async function findByToken(db: DB, token: string) {
  if (!TOKEN.test(token)) return undefined;
  return db
    .selectFrom("data_export")
    .select(["status", "expires_at", "created_at", "language"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
}

/** Why a link gives nothing: used, expired or unknown, each with its own answer (the page offers a new copy for each). */
function refusal(row: Awaited<ReturnType<typeof findByToken>>): AppError {
  if (row?.status === "downloaded") return new AppError("exportLinkUsed");
  if (row?.status === "expired" || (row?.status === "ready" && row.expires_at && new Date(row.expires_at).getTime() <= Date.now())) {
    return new AppError("exportLinkExpired");
  }
  return new AppError("exportLinkInvalid");
}

/** Tells the link's page whether the archive can be downloaded, without handing it out. */
export async function checkDataExport(db: DB, token: string): Promise<{ createdAt: Date; expiresAt: Date }> {
  const row = await findByToken(db, token);
  if (row?.status !== "ready" || !row.expires_at || new Date(row.expires_at).getTime() <= Date.now()) throw refusal(row);
  return { createdAt: new Date(row.created_at), expiresAt: new Date(row.expires_at) };
}

/** The language of the export a link belongs to (its page opens in it), when the link names one. */
export async function dataExportLanguage(db: DB, token: string): Promise<string | undefined> {
  return (await findByToken(db, token))?.language;
}

/**
 * Hands out the archive behind a link once: the same statement that reads it marks it fetched and
 * empties it, so two clicks cannot both get it. A used, expired or unknown link is refused with its reason.
 */
export async function takeDataExport(db: DB, token: string): Promise<{ archive: string; createdAt: Date }> {
  if (!TOKEN.test(token)) throw new AppError("exportLinkInvalid");
  const { rows } = await sql<{ archive: string; created_at: Date }>`
    update data_export set status = 'downloaded', downloaded_at = now(), archive = null
    from (select id, archive as taken from data_export
          where token_hash = ${hashToken(token)} and status = 'ready' and expires_at > now() for update) as found
    where data_export.id = found.id
    returning found.taken as archive, data_export.created_at`.execute(db);
  const row = rows[0];
  if (!row) throw refusal(await findByToken(db, token));
  return { archive: row.archive, createdAt: new Date(row.created_at) };
}

/** Prepares one claimed export: the archive, the link's hash and the mail, in one transaction. */
async function prepare(db: DB, opts: { baseUrl: string; mailDomain: string }, exportId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("data_export")
      .innerJoin("user", "user.id", "data_export.user_id")
      .select(["data_export.id", "data_export.user_id", "data_export.language", "user.email"])
      .where("data_export.id", "=", exportId)
      .where("data_export.status", "=", "pending")
      .executeTakeFirst();
    if (!row) return;
    const archive = await collectUserData(trx, row.user_id);
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(Date.now() + EXPORT_LINK_HOURS * 60 * 60 * 1000);
    await trx
      .updateTable("data_export")
      .set({
        status: "ready",
        archive: JSON.stringify(archive),
        token_hash: hashToken(token),
        expires_at: expiresAt,
        ready_at: new Date(),
        locked_until: null,
      })
      .where("id", "=", row.id)
      .execute();
    const url = dataExportPageUrl(opts.baseUrl, row.language, token);
    await queueMails(trx, [
      {
        kind: "data-export",
        values: { to: row.email, url, expiresAt, lang: row.language },
        messageId: `<data-export.${row.id}@${opts.mailDomain}>`,
      },
    ]);
  });
}

/**
 * The exports as a table of jobs: pending ones, oldest first. One given up stays failed, with its
 * last error, for operators to see.
 */
const DATA_EXPORT_TABLE: LeasedTable = {
  name: "data_export",
  pending: sql`status = 'pending'`,
  order: sql`created_at`,
  givenUp: sql`status = 'failed'`,
};

/** The job kind that prepares requested exports; a request wakes it by this name. */
export const DATA_EXPORT = "data-export";

/**
 * Prepares requested exports in the background: woken by a request, and polling for work left by
 * a crash. A ready archive that was never fetched is emptied once its link expires.
 */
export function dataExportJob(opts: {
  db: DB;
  baseUrl: string;
  mailDomain: string;
  /** Wakes the mail delivery once a link mail is queued. */
  mailQueued: () => void;
  pollMs?: number;
}): JobKind {
  const { db } = opts;
  return {
    name: DATA_EXPORT,
    table: DATA_EXPORT_TABLE,
    batchSize: 5,
    leaseSeconds: LEASE_SECONDS,
    maxAttempts: MAX_ATTEMPTS,
    retry: { baseMs: 60_000, maxMs: 30 * 60_000 },
    pollMs: opts.pollMs ?? 5_000,
    async beforeClaim() {
      await db
        .updateTable("data_export")
        .set({ status: "expired", archive: null })
        .where("status", "=", "ready")
        .where("expires_at", "<=", new Date())
        .execute();
    },
    async run(exports) {
      const failures: JobFailure<LeasedJob>[] = [];
      // One at a time: each reads every table about its user.
      for (const job of exports) {
        try {
          await prepare(db, opts, String(job.id));
          opts.mailQueued();
        } catch (error) {
          failures.push({ job, error });
        }
      }
      return failures;
    },
  };
}

import { sql } from "kysely";
import {
  type AuditAction,
  type ContactState,
  OPERATOR_PAGE_SIZE,
  type OperatorContactRequest,
  type Paged,
  SEARCH_MIN,
} from "../../core/operator.js";
import { contactsCsv } from "../contact/csv.js";
import { listContacts } from "../contact/list-contacts.js";
import { CONTACT_REQUEST_TOPIC } from "../contact/mark-notified.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { MAX_MAIL_ATTEMPTS } from "../mail/outbox.js";
import { type AuditActor, type AuditDeps, operatorChange } from "./audit-log.js";

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/**
 * Contact requests for the console, newest first: a search matches the name, address or company;
 * the state is spam (the request's status), handled (an operator marked it) or new (the rest).
 * Each row counts its notification mails as delivered, waiting for another attempt, or given up.
 */
export async function listContactRequests(
  db: DB,
  opts: { q?: string; state?: ContactState; page: number },
): Promise<Paged<OperatorContactRequest>> {
  let base = db.selectFrom("contact_request as c");
  const q = opts.q?.trim().toLowerCase() ?? "";
  if (q.length >= SEARCH_MIN) {
    const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(c.name)`, "like", pattern),
        eb(sql`lower(c.email)`, "like", pattern),
        eb(sql`lower(coalesce(c.company, ''))`, "like", pattern),
      ]),
    );
  }
  if (opts.state === "spam") base = base.where("c.status", "=", "spam");
  if (opts.state === "handled") base = base.where("c.status", "!=", "spam").where("c.handled_at", "is not", null);
  if (opts.state === "new") base = base.where("c.status", "!=", "spam").where("c.handled_at", "is", null);
  const { total } = (await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirst()) ?? { total: 0 };
  const rows = await base
    .leftJoin("mail_outbox as m", (join) => join.onRef("m.ref", "=", "c.id").on("m.topic", "=", CONTACT_REQUEST_TOPIC))
    .leftJoin("user as h", "h.id", "c.handled_by")
    .select([
      "c.id",
      "c.created_at",
      "c.status",
      "c.name",
      "c.email",
      "c.company",
      "c.message",
      "c.language",
      "c.handled_at",
      "c.handled_note",
      "h.email as handled_by_email",
      sql<number>`count(m.sent_at)::int`.as("sent"),
      sql<number>`count(m.id) filter (where m.sent_at is null and m.attempts < ${MAX_MAIL_ATTEMPTS})::int`.as("waiting"),
      sql<number>`count(m.id) filter (where m.sent_at is null and m.attempts >= ${MAX_MAIL_ATTEMPTS})::int`.as("failed"),
    ])
    .groupBy(["c.id", "h.email"])
    .orderBy("c.created_at", "desc")
    .orderBy("c.id")
    .limit(OPERATOR_PAGE_SIZE)
    .offset((opts.page - 1) * OPERATOR_PAGE_SIZE)
    .execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      createdAt: new Date(r.created_at).toISOString(),
      state: r.status === "spam" ? "spam" : r.handled_at ? "handled" : "new",
      name: r.name,
      email: r.email,
      company: r.company,
      message: r.message,
      language: r.language,
      mails: { sent: Number(r.sent), waiting: Number(r.waiting), failed: Number(r.failed) },
      handledAt: iso(r.handled_at),
      handledBy: r.handled_by_email ?? null,
      note: r.handled_note,
    })),
    total: Number(total),
    page: opts.page,
    pageSize: OPERATOR_PAGE_SIZE,
  };
}

/** The request's address, for the audit log; 404 when there is no such request. */
export async function contactRequestLabel(db: DB, requestId: string): Promise<string> {
  const row = await db.selectFrom("contact_request").select("email").where("id", "=", requestId).executeTakeFirst();
  if (!row) throw new AppError("notFound");
  return row.email;
}

/**
 * Moves a request to a state: handled records who and the note; spam sets its status (its
 * notification mails are not stopped: they may have gone out already); new undoes either. The
 * change and its audit entry commit together.
 */
export async function setContactState(
  deps: AuditDeps,
  actor: AuditActor & { id: string },
  requestId: string,
  change: { state: ContactState; note?: string },
): Promise<void> {
  const action = change.state === "handled" ? "contact.handle" : change.state === "spam" ? "contact.spam" : "contact.reopen";
  const record = {
    action: action as AuditAction,
    targetType: "contact" as const,
    targetId: requestId,
    targetLabel: await contactRequestLabel(deps.db, requestId),
    details: change.note ? { note: change.note } : undefined,
  };
  await operatorChange(deps, actor, record, async (trx) => {
    const current = await trx.selectFrom("contact_request").select(["status"]).where("id", "=", requestId).executeTakeFirst();
    if (!current) throw new AppError("notFound");
    const handled = change.state === "handled";
    // Leaving spam, the status goes back to what its mails say.
    const status = change.state === "spam" ? "spam" : current.status === "spam" ? await deliveryStatus(trx, requestId) : current.status;
    await trx
      .updateTable("contact_request")
      .set({
        status,
        handled_at: handled ? new Date() : null,
        handled_by: handled ? actor.id : null,
        handled_note: handled ? change.note?.trim() || null : null,
      })
      .where("id", "=", requestId)
      .execute();
  });
}

async function deliveryStatus(db: DB, requestId: string): Promise<"pending" | "notified"> {
  const unsent = await db
    .selectFrom("mail_outbox")
    .select("id")
    .where("topic", "=", CONTACT_REQUEST_TOPIC)
    .where("ref", "=", requestId)
    .where("sent_at", "is", null)
    .executeTakeFirst();
  return unsent ? "pending" : "notified";
}

/** Gives the request's given-up mails a fresh start; answers how many. The caller wakes the outbox. */
export async function retryContactMails(deps: AuditDeps, actor: AuditActor, requestId: string): Promise<number> {
  const record = {
    action: "contact.retry" as const,
    targetType: "contact" as const,
    targetId: requestId,
    targetLabel: await contactRequestLabel(deps.db, requestId),
  };
  return operatorChange(deps, actor, record, async (trx) => {
    const result = await trx
      .updateTable("mail_outbox")
      .set({ attempts: 0, next_attempt_at: new Date(), last_error: null, locked_until: null })
      .where("topic", "=", CONTACT_REQUEST_TOPIC)
      .where("ref", "=", requestId)
      .where("sent_at", "is", null)
      .where("attempts", ">=", MAX_MAIL_ATTEMPTS)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}

/** Every stored contact request as CSV (the same file as `npm run contacts -- export --format csv`); the read is recorded. */
export async function exportContactRequests(deps: AuditDeps, actor: AuditActor): Promise<string> {
  return operatorChange(deps, actor, { action: "contact.export", targetType: "contact", targetId: null }, async (trx) =>
    contactsCsv(await listContacts(trx)),
  );
}

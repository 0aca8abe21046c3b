import { sql } from "kysely";
import type { DB } from "../db/database.js";
import { CONTACT_REQUEST_TOPIC } from "./mark-notified.js";

export interface ContactRow {
  id: string;
  created_at: Date;
  status: string;
  name: string;
  email: string;
  company: string | null;
  message: string | null;
  language: string;
  mails_sent: number;
  mails_total: number;
}

/** Stored requests, newest first, with how many of their mails have gone out. */
export async function listContacts(db: DB, opts: { limit?: number; status?: string } = {}): Promise<ContactRow[]> {
  let query = db
    .selectFrom("contact_request as c")
    .leftJoin("mail_outbox as m", (join) => join.onRef("m.ref", "=", "c.id").on("m.topic", "=", CONTACT_REQUEST_TOPIC))
    .select([
      "c.id",
      "c.created_at",
      "c.status",
      "c.name",
      "c.email",
      "c.company",
      "c.message",
      "c.language",
      sql<number>`count(m.sent_at)::int`.as("mails_sent"),
      sql<number>`count(m.id)::int`.as("mails_total"),
    ])
    .groupBy("c.id")
    .orderBy("c.created_at", "desc")
    .orderBy("c.id");
  if (opts.status) query = query.where("c.status", "=", opts.status as never);
  if (opts.limit) query = query.limit(opts.limit);
  return query.execute();
}

import { sql } from "kysely";
import type { DB } from "../db/database.js";

/** The outbox topic of a contact request's mails; their ref is the request's id. */
export const CONTACT_REQUEST_TOPIC = "contact-request";

/**
 * Marks requests notified once all their mails are delivered; the outbox calls it in the
 * transaction that marks mails sent. Two instances may finish one request's two mails at once,
 * each seeing the other's mail unsent. Locking the requests first makes the second wait for the
 * first to commit, so its check sees both mails sent.
 */
export async function markRequestsNotified(trx: DB, requestIds: string[]): Promise<void> {
  // In id order, so two transactions locking the same requests cannot deadlock.
  await trx.selectFrom("contact_request").select("id").where("id", "in", requestIds).orderBy("id").forNoKeyUpdate().execute();
  // Read from the requests' own mails (two each) rather than from all unsent mails, so the work is
  // bounded by the batch however many mails wait and whatever the planner's statistics say.
  await trx
    .updateTable("contact_request")
    .set({ status: "notified" })
    .where("status", "=", "pending")
    .where("id", "in", (eb) =>
      eb
        .selectFrom("mail_outbox")
        .select("ref")
        .where("topic", "=", CONTACT_REQUEST_TOPIC)
        .where("ref", "in", requestIds)
        .groupBy("ref")
        .having(sql<boolean>`bool_and(sent_at is not null)`),
    )
    .execute();
}

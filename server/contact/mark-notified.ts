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
  await trx
    .updateTable("contact_request")
    .set({ status: "notified" })
    .where("id", "in", requestIds)
    .where("status", "=", "pending")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("mail_outbox as m")
            .select("m.id")
            .where("m.topic", "=", CONTACT_REQUEST_TOPIC)
            .whereRef("m.ref", "=", "contact_request.id")
            .where("m.sent_at", "is", null),
        ),
      ),
    )
    .execute();
}

import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { PHONE_CODE_LENGTH } from "../../core/phone.js";
import type { DB } from "../db/database.js";

/** Wrong tries before a code is spent. */
const ATTEMPTS = 5;

const hashOf = (code: string) => createHash("sha256").update(code).digest("hex");

/** Where a code is kept: what it is for and the number (and account) it was sent to. */
export const codeKey = {
  verify: (userId: string, phoneNumber: string) => `verify:${userId}:${phoneNumber}`,
  signIn: (phoneNumber: string) => `sign-in:${phoneNumber}`,
};

/** A new random code under `key`, replacing an earlier one; only its hash is stored. */
export async function issueCode(db: DB, key: string, minutes: number): Promise<string> {
  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, "0");
  const row = { code_hash: hashOf(code), attempts: 0, expires_at: new Date(Date.now() + minutes * 60_000) };
  await db
    .insertInto("phone_code")
    .values({ key, ...row })
    .onConflict((oc) => oc.column("key").doUpdateSet(row))
    .execute();
  return code;
}

/**
 * Whether `code` is the one under `key`: a right code is spent at once (single use), a wrong one
 * counts a try, and the fifth wrong try or the expiry spends it too.
 */
export async function checkCode(db: DB, key: string, code: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("phone_code").selectAll().where("key", "=", key).forUpdate().executeTakeFirst();
    if (!row) return false;
    const expired = new Date(row.expires_at).getTime() <= Date.now();
    const match = !expired && timingSafeEqual(Buffer.from(row.code_hash), Buffer.from(hashOf(code)));
    if (match || expired || row.attempts + 1 >= ATTEMPTS) {
      await trx.deleteFrom("phone_code").where("key", "=", key).execute();
    } else {
      await trx
        .updateTable("phone_code")
        .set({ attempts: row.attempts + 1 })
        .where("key", "=", key)
        .execute();
    }
    return match;
  });
}

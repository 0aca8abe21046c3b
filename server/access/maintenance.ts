import { sql } from "kysely";
import type { Logger } from "pino";
import type { DB } from "../db/database.js";

const KEY = "maintenance";
/** How long an instance trusts its last read: a switch made elsewhere shows within this time. */
const CACHE_MS = 5_000;

/** Maintenance mode is on when the environment forces it or the operator's database switch says so. */
export interface MaintenanceSwitch {
  isOn(): Promise<boolean>;
}

/** Stores the operator's switch (`npm run maintenance -- on|off`) for every instance to read. */
export async function setMaintenance(db: DB, on: boolean): Promise<void> {
  const value = on ? "on" : "off";
  await db
    .insertInto("app_setting")
    .values({ key: KEY, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: sql`now()` }))
    .execute();
}

export async function readMaintenance(db: DB): Promise<boolean> {
  const row = await db.selectFrom("app_setting").select("value").where("key", "=", KEY).executeTakeFirst();
  return row?.value === "on";
}

/**
 * The switch as one instance sees it, read at most every 5 seconds. When the database cannot be
 * read, the last known state holds: an outage is answered by the routes themselves, not by
 * claiming maintenance.
 */
export function maintenanceSwitch({ db, forced, logger }: { db: DB; forced: boolean; logger: Logger }): MaintenanceSwitch {
  let known = { on: false, at: Number.NEGATIVE_INFINITY };
  let reading: Promise<boolean> | undefined;
  const read = async () => {
    try {
      known = { on: await readMaintenance(db), at: Date.now() };
    } catch (error) {
      logger.warn({ err: error }, "maintenance switch unreadable");
    } finally {
      reading = undefined;
    }
    return known.on;
  };
  return {
    async isOn() {
      if (forced) return true;
      if (Date.now() - known.at < CACHE_MS) return known.on;
      reading ??= read();
      return reading;
    },
  };
}

import type { Migration } from "kysely";
import * as identity from "./0001_identity.js";

/** Every migration, in order. Add new ones here with the next number. */
export const migrations: Record<string, Migration> = {
  "0001_identity": identity,
};

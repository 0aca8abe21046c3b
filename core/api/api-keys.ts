/** API keys, personal and a team's (docs/decisions/094): what the key pages send and read. */
import { z } from "zod";
import { API_KEY_NAME_MAX, API_SCOPES } from "../api-scopes";

/** POST /api/account/api-keys and POST /api/teams/:teamId/api-keys: a new key. */
export const createApiKeyBody = z.object({
  name: z.string().trim().min(1).max(API_KEY_NAME_MAX),
  scopes: z
    .array(z.enum(API_SCOPES))
    .min(1)
    .max(API_SCOPES.length)
    .transform((s) => [...new Set(s)]),
  /** Days until it expires: 30, 90 or 365; null for a key that does not expire. */
  expiresInDays: z.union([z.literal(30), z.literal(90), z.literal(365), z.null()]),
});

/** A key as its list shows it: never the key itself, only its first characters. */
export const apiKeyRow = z.object({
  id: z.string(),
  name: z.string(),
  start: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Who made it (a team's keys; and the operator's view). */
  createdBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
});

/** GET …/api-keys: the keys that still work or ran out, newest first. */
export const apiKeyList = z.object({ items: z.array(apiKeyRow) });

/** The answer of a creation: the key, shown this once, and its row. */
export const createdApiKey = z.object({ key: z.string(), item: apiKeyRow });

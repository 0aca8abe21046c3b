import { Hono } from "hono";
import type { BotCheck } from "../bot-protection/challenges.js";
import type { AppEnv } from "../http/context.js";
import { rateLimit } from "../http/rate-limit.js";
import type { KeyValueStore } from "../kv.js";

/** Challenges a client may fetch per minute: a page asks for one per guarded form and retry. */
const CHALLENGE_RATE_LIMIT = { limit: 60, windowSeconds: 60 };

/** GET /api/bot-protection/challenge: a signed, expiring proof-of-work challenge for the widget. */
export function botProtectionRoutes(deps: { check: BotCheck; rateLimited: boolean; kv?: KeyValueStore }) {
  const app = new Hono<AppEnv>();
  app.get(
    "/api/bot-protection/challenge",
    rateLimit({ name: "captcha", ...CHALLENGE_RATE_LIMIT, enabled: deps.rateLimited, kv: deps.kv, code: "tooManyRequests" }),
    async (c) => c.json(await deps.check.issue(), 200, { "Cache-Control": "no-store" }),
  );
  return app;
}

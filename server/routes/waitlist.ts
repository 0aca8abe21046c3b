import { Hono } from "hono";
import { waitlistConfirmBody, waitlistJoinBody } from "../../core/api/account.js";
import { emailAllowed, emailRulesOf } from "../access/email-rules.js";
import { confirmWaitlist, joinWaitlist } from "../access/waitlist.js";
import type { Config } from "../config.js";
import { domainOf } from "../contact/submit-contact.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { readBody } from "../http/json-body.js";
import { rateLimit } from "../http/rate-limit.js";
import type { KeyValueStore } from "../kv.js";

/** Requests per client address and window: a few tries, not a mail cannon. */
export const WAITLIST_RATE_LIMIT = { limit: 5, windowSeconds: 600 };

/**
 * The waitlist screen's calls (docs/decisions/128): joining, answered alike whether the address is
 * new, waiting or already confirmed, and confirming by the mailed link. Open only in waitlist mode.
 */
export function waitlistRoutes(deps: { config: Config; db: DB; kv?: KeyValueStore; outbox?: { wake(): void } }) {
  const { config, db } = deps;
  const rules = emailRulesOf(config);
  const app = new Hono<AppEnv>();
  const limit = (name: string) =>
    rateLimit({ name, ...WAITLIST_RATE_LIMIT, enabled: config.RATE_LIMIT, kv: deps.kv, code: "waitlistTooManyRequests" });
  const open = () => {
    if (config.SIGNUP_MODE !== "waitlist") throw new AppError("waitlistClosed");
  };

  app.post("/api/waitlist", limit("waitlist"), async (c) => {
    open();
    const { email } = await readBody(c, waitlistJoinBody, "waitlistInvalid");
    if (!emailAllowed(rules, email)) throw new AppError("notAllowedAccess");
    const queued = await joinWaitlist(
      { db, baseUrl: config.BASE_URL, mailDomain: domainOf(config.MAIL_FROM) },
      { email, language: c.var.lang },
    );
    if (queued) deps.outbox?.wake();
    return c.json({ ok: true as const }, 202);
  });

  app.post("/api/waitlist/confirm", limit("waitlist-confirm"), async (c) => {
    open();
    const { token } = await readBody(c, waitlistConfirmBody, "waitlistLinkInvalid");
    if (!(await confirmWaitlist(db, token))) throw new AppError("waitlistLinkInvalid");
    return c.json({ ok: true as const });
  });

  return app;
}

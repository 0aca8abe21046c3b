import { Hono } from "hono";
import { contactSchema } from "../../core/api/contact.js";
import { contactErrorsOf } from "../../core/contact/schema.js";
import { emailAllowed, emailRulesOf } from "../access/email-rules.js";
import type { BotCheck } from "../bot-protection/challenges.js";
import { requireBotCheck } from "../bot-protection/middleware.js";
import type { Config } from "../config.js";
import { domainOf, submitContact } from "../contact/submit-contact.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { bodyLimit } from "../http/body.js";
import type { AppEnv } from "../http/context.js";
import { readBody } from "../http/json-body.js";
import { refuseNulCharacters } from "../http/nul-characters.js";
import { rateLimit } from "../http/rate-limit.js";
import { sameOrigin } from "../http/same-origin.js";
import type { KeyValueStore } from "../kv.js";

export interface ContactDeps {
  config: Config;
  db: DB;
  kv?: KeyValueStore;
  /** Told when mails were queued, so they go out at once instead of at the next poll. */
  outbox?: { wake(): void };
  /** The proof of work a request must carry (docs/decisions/129). */
  botCheck: BotCheck;
  /** Origins whose pages may post the form; a cross-site post is refused. */
  trustedOrigins: string[];
}

const CONTACT_BODY_LIMIT = 16 * 1024;
const CONTACT_RATE_LIMIT = { limit: 5, windowSeconds: 60 };

/**
 * POST /api/send-contact: validate, store the request with its mails, answer 201 with the id.
 * Served ahead of the account middleware (server/app.ts), so its own chain carries the checks every
 * API call gets: the origin, the rate limit, the proof of work, the body limit, NUL characters.
 */
export function contactRoutes(deps: ContactDeps) {
  const { config, db } = deps;
  const emailRules = emailRulesOf(config);
  const app = new Hono<AppEnv>();

  app.post(
    "/api/send-contact",
    sameOrigin({ trustedOrigins: deps.trustedOrigins }),
    rateLimit({
      name: "contact",
      ...CONTACT_RATE_LIMIT,
      enabled: config.RATE_LIMIT,
      kv: deps.kv,
      code: "contactTooManyRequests",
    }),
    requireBotCheck(deps.botCheck),
    bodyLimit({
      maxSize: CONTACT_BODY_LIMIT,
      onError: () => {
        throw new AppError("payloadTooLarge");
      },
    }),
    refuseNulCharacters(),
    async (c) => {
      const data = await readBody(c, contactSchema, (issues) => {
        const { errors } = contactErrorsOf(issues);
        return new AppError("invalidContact", {
          fields: Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, `contact:${key}`])),
        });
      });
      if (config.CONTACT_EMAIL_RULES && !emailAllowed(emailRules, data.email)) {
        throw new AppError("invalidContact", { fields: { email: "contact:form.email.notAllowed" } });
      }
      const { id, spam } = await submitContact(db, data, {
        language: c.var.lang,
        clientIp: c.get("clientIp"),
        userAgent: c.req.header("user-agent"),
        secret: config.AUTH_SECRET,
        inbox: config.CONTACT_INBOX,
        mailDomain: domainOf(config.MAIL_FROM),
      });
      if (!spam) deps.outbox?.wake();
      return c.json({ id }, 201);
    },
  );
  app.all("/api/send-contact", () => {
    throw new AppError("methodNotAllowed", { headers: { Allow: "POST" } });
  });
  return app;
}

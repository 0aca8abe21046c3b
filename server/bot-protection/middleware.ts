import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/context.js";
import { type BotCheck, CAPTCHA_HEADER } from "./challenges.js";

/** Our own routes' proof of work: the same header as on the identity routes, checked before the body is read. */
export function requireBotCheck(check: BotCheck): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await check.verify(c.req.header(CAPTCHA_HEADER));
    await next();
  };
}

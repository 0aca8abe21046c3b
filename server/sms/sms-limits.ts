import { createHash } from "node:crypto";
import type { Logger } from "pino";
import { type WindowRule, windowHits } from "../http/rate-limit.js";
import type { KeyValueStore } from "../kv.js";

/**
 * Limits on text messages, against toll fraud (someone making us text expensive numbers) as much
 * as against annoying a number's owner: per number, and per client address across numbers. Every
 * route that sends a text message asks here first (docs/decisions/075-sms-delivery-and-limits.md).
 */
export const SMS_LIMITS = {
  /** Messages to one number: 3 in 10 minutes, 10 a day. */
  perNumber: [
    { limit: 3, windowSeconds: 10 * 60 },
    { limit: 10, windowSeconds: 24 * 60 * 60 },
  ],
  /** Messages asked for from one client address, whatever the number: 10 an hour. */
  perClient: [{ limit: 10, windowSeconds: 60 * 60 }],
} as const;

/** The wait, in seconds, before another text message may be asked for. */
export class SmsLimitReached extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("SMS limit reached");
    this.name = "SmsLimitReached";
  }
}

export interface SmsLimiter {
  /** Counts one message to `to` asked for by `clientIp`; throws `SmsLimitReached` past a limit. */
  take(to: string, clientIp: string): Promise<void>;
}

const hashed = (value: string) => createHash("sha256").update(value).digest("base64url").slice(0, 22);

export function smsLimiter(opts: { enabled: boolean; kv?: KeyValueStore; logger: Logger; now?: () => number }): SmsLimiter {
  const hit = windowHits(opts);
  const warn = (error: unknown) => opts.logger.warn({ err: error }, "SMS limit store unavailable; counting in this instance");
  const now = opts.now ?? (() => Date.now());
  async function check(kind: string, subject: string, rules: readonly WindowRule[]) {
    const t = now();
    for (const rule of rules) {
      // Numbers and addresses are hashed so the shared store holds no personal data.
      const result = await hit(`sms:${kind}:${rule.windowSeconds}:${hashed(subject)}`, rule, t, warn);
      if (!result.allowed) throw new SmsLimitReached(result.retryAfterSeconds);
    }
  }
  return {
    async take(to, clientIp) {
      if (!opts.enabled) return;
      await check("client", clientIp || "unknown", SMS_LIMITS.perClient);
      await check("number", to, SMS_LIMITS.perNumber);
    },
  };
}

import { createHmac } from "node:crypto";
import { type Challenge, createChallenge, type Payload, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { Logger } from "pino";
import { AppError } from "../errors.js";
import { SharedStateUnavailableError } from "../kv.js";
import type { ReplayStore } from "./replay-store.js";

/** The proof of work asked for: repeated SHA-256 over a secret counter the browser searches from 0. */
export const ALGORITHM = "SHA-256";
/** How long a challenge may be solved and its solution used. */
export const CHALLENGE_SECONDS = 10 * 60;

export interface BotCheckOptions {
  /** BOT_PROTECTION: off turns every check into a no-op. */
  enabled: boolean;
  /** The largest secret counter (BOT_PROTECTION_DIFFICULTY): the browser tries half of it on average. */
  difficulty: number;
  /** SHA-256 rounds per attempt; the server spends this once to issue a challenge. */
  cost: number;
  /** The server's secret (AUTH_SECRET); the signing keys are derived from it. */
  secret: string;
  /** Remembers used solutions: Redis when configured, so a second instance refuses a replay. */
  replays: ReplayStore;
  logger?: Logger;
  now?: () => number;
}

export interface BotCheck {
  readonly enabled: boolean;
  /** A signed, expiring challenge for the widget. */
  issue(): Promise<Challenge>;
  /**
   * Accepts a solved challenge once (the `x-captcha-response` header, base64 JSON as the widget
   * makes it); throws `captchaInvalid` for a missing, wrong, expired or used one and
   * `captchaUnavailable` when the replay store cannot be reached.
   */
  verify(response: string | null | undefined): Promise<void>;
}

export { CAPTCHA_HEADER } from "../../core/bot-check.js";

const derived = (secret: string, purpose: string) => createHmac("sha256", secret).update(`bot-protection:${purpose}`).digest("hex");

function parse(response: string): Payload | null {
  try {
    const payload = JSON.parse(Buffer.from(response, "base64").toString("utf8")) as Payload;
    return payload?.challenge?.parameters && payload.solution ? payload : null;
  } catch {
    return null;
  }
}

/**
 * ALTCHA proof of work in deterministic mode: the server picks the counter, derives its key once
 * and signs the key, so checking a solution costs two HMACs, not a derivation
 * (docs/decisions/129-bot-protection.md).
 */
export function botCheck(opts: BotCheckOptions): BotCheck {
  const signatureSecret = derived(opts.secret, "challenge");
  const keySecret = derived(opts.secret, "key");
  const now = opts.now ?? (() => Date.now());
  return {
    enabled: opts.enabled,
    async issue() {
      try {
        return await createChallenge({
          algorithm: ALGORITHM,
          cost: opts.cost,
          counter: randomInt(opts.difficulty),
          deriveKey,
          expiresAt: Math.floor(now() / 1000) + CHALLENGE_SECONDS,
          hmacSignatureSecret: signatureSecret,
          hmacKeySignatureSecret: keySecret,
        });
      } catch (error) {
        opts.logger?.error({ err: error }, "bot protection: a challenge could not be issued");
        throw new AppError("captchaUnavailable");
      }
    },
    async verify(response) {
      if (!opts.enabled) return;
      const payload = response ? parse(response) : null;
      if (!payload) throw new AppError("captchaInvalid");
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySecret,
      }).catch(() => null);
      const { expiresAt } = payload.challenge.parameters;
      // verifySolution accepts a challenge without expiry; ours always carry one.
      if (!result?.verified || !expiresAt || expiresAt * 1000 < now()) throw new AppError("captchaInvalid");
      try {
        const first = await opts.replays.claim(String(payload.challenge.signature), Math.max(1, expiresAt - Math.floor(now() / 1000)) + 60);
        if (!first) throw new AppError("captchaInvalid");
      } catch (error) {
        if (!(error instanceof SharedStateUnavailableError)) throw error;
        opts.logger?.error({ err: error }, "bot protection: the replay store is not reachable");
        throw new AppError("captchaUnavailable");
      }
    },
  };
}

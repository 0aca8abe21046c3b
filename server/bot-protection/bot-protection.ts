import type { Logger } from "pino";
import type { Config } from "../config.js";
import { AppError } from "../errors.js";
import type { KeyValueStore } from "../kv.js";
import { type MetricEvents, NO_METRICS } from "../metrics/metrics.js";
import { type BotCheck, botCheck } from "./challenges.js";
import { replayStore } from "./replay-store.js";
import { type SignInFailures, signInFailures } from "./sign-in-failures.js";

/** SHA-256 rounds per attempt (bench/README.md: the difficulty is tuned by the counter's range). */
export const BOT_CHECK_COST = 1;

export interface BotProtection {
  check: BotCheck;
  failures: SignInFailures;
}

/** One per process: the identity plugin and our routes share the replay store and the failure counts. */
export function botProtection(
  config: Pick<Config, "BOT_PROTECTION" | "BOT_PROTECTION_DIFFICULTY" | "AUTH_SECRET">,
  kv?: KeyValueStore,
  logger?: Logger,
  events: Pick<MetricEvents, "botCheckRefusal"> = NO_METRICS,
): BotProtection {
  const check = botCheck({
    enabled: config.BOT_PROTECTION,
    difficulty: config.BOT_PROTECTION_DIFFICULTY,
    cost: BOT_CHECK_COST,
    secret: config.AUTH_SECRET,
    replays: replayStore(kv),
    logger,
  });
  return {
    check: {
      enabled: check.enabled,
      issue: () => check.issue(),
      // Each refusal counted for the metrics (decision 016).
      async verify(response) {
        try {
          await check.verify(response);
        } catch (error) {
          events.botCheckRefusal(error instanceof AppError && error.code === "captchaUnavailable" ? "unavailable" : "invalid");
          throw error;
        }
      },
    },
    failures: signInFailures(kv),
  };
}

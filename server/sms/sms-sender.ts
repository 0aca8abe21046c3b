import type { Logger } from "pino";
import type { Config } from "../config.js";
import type { DB } from "../db/database.js";
import { httpSmsProvider } from "./http-provider.js";

/** One text message: the recipient in E.164 form and the text. */
export interface Sms {
  to: string;
  text: string;
}

/** The one way the product sends text messages; rejects when the message could not be handed over. */
export interface SmsSender {
  /** "provider" sends to phones; "outbox" keeps messages in the development outbox. */
  readonly kind: "provider" | "outbox";
  send(sms: Sms): Promise<void>;
}

/**
 * Without a provider, text messages go to the `dev_sms_outbox` table and the log, as mails without
 * SMTP go to the development mailbox: codes stay readable in development and tests.
 */
export function devSmsOutbox(db: DB, logger: Logger): SmsSender {
  return {
    kind: "outbox",
    async send(sms) {
      await db.insertInto("dev_sms_outbox").values({ to: sms.to, body: sms.text }).execute();
      logger.info({ sms }, "text message stored in the development SMS outbox");
    },
  };
}

/** The configured HTTP provider, or the development outbox. */
export function createSmsSender(
  config: Pick<Config, "SMS_PROVIDER_URL" | "SMS_PROVIDER_USERNAME" | "SMS_PROVIDER_PASSWORD" | "SMS_FROM">,
  db: DB,
  logger: Logger,
): SmsSender {
  if (config.SMS_PROVIDER_URL) {
    return httpSmsProvider({
      url: config.SMS_PROVIDER_URL,
      username: config.SMS_PROVIDER_USERNAME ?? "",
      password: config.SMS_PROVIDER_PASSWORD ?? "",
      from: config.SMS_FROM ?? "",
      logger,
    });
  }
  return devSmsOutbox(db, logger);
}

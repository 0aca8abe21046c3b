import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { DB } from "../db/database.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** A fixed Message-ID (with angle brackets), so a mail sent again after a crash is the same message. */
  messageId?: string;
}

export type SendMail = (mail: Mail) => Promise<void>;

/**
 * The one way the product sends e-mail: SMTP when configured, otherwise the development mailbox
 * (the `dev_mailbox` table, also printed to the log) so codes and notifications stay readable offline.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; db: DB; logger: Logger }): { sendMail: SendMail; close(): void } {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl, { from: opts.from });
    return {
      async sendMail(mail) {
        // nodemailer rejects CR/LF in header values, so user text cannot inject headers.
        await transport.sendMail({ from: opts.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  return {
    async sendMail(mail) {
      await opts.db
        .insertInto("dev_mailbox")
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, reply_to: mail.replyTo ?? null })
        .execute();
      opts.logger.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, "mail stored in the development mailbox");
    },
    close() {},
  };
}

import { connect, type Socket } from "node:net";
import nodemailer from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import type SMTPPool from "nodemailer/lib/smtp-pool/index.js";
import type { Logger } from "pino";
import type { DB } from "../db/database.js";
import type { Tracing } from "../tracing/tracing.js";

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
 * SMTP connections kept open to the relay unless its URL says otherwise (`?maxConnections=N`,
 * decision 013). The outbox sends as many mails at once, so a mail hardly waits in the transport's
 * queue: its send timeout measures its own conversation.
 */
export const SMTP_CONNECTIONS = 10;

/**
 * The one way the product sends e-mail: SMTP when configured, otherwise the development mailbox
 * (the `dev_mailbox` table, also printed to the log) so codes and notifications stay readable offline.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  db: DB;
  logger: Logger;
  /** Each send to the relay in a span (decision 015). */
  tracing?: Pick<Tracing, "smtpSend">;
}): {
  sendMail: SendMail;
  /** Mails the transport sends at once: its connections to the relay. */
  connections: number;
  close(): void;
} {
  if (opts.smtpUrl) {
    const options = smtpOptions(opts.smtpUrl);
    const transport = nodemailer.createTransport(options, { from: opts.from });
    return {
      connections: options.maxConnections ?? SMTP_CONNECTIONS,
      async sendMail(mail) {
        // nodemailer rejects CR/LF in header values, so user text cannot inject headers.
        const send = () => transport.sendMail({ from: opts.from, ...mail });
        await (opts.tracing ? opts.tracing.smtpSend(options.host ?? "localhost", send) : send());
      },
      close: () => transport.close(),
    };
  }
  return {
    connections: SMTP_CONNECTIONS,
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

/**
 * The relay's address with the pool's settings (decision 013); settings in the URL's query win.
 * Connections are kept open and reused: a mail costs one conversation, not a connection, a greeting,
 * an EHLO (and a TLS handshake). A mail whose connection closes mid-conversation fails and goes back
 * to the outbox, which retries it under its lease; re-sent by the pool itself (its default), it
 * could go out after the outbox had counted it failed and claimed it again: a second copy.
 */
export function smtpOptions(smtpUrl: string): SMTPPool.Options {
  const fromUrl = parseConnectionUrl(smtpUrl);
  // `maxRequeues` is read by nodemailer's pool but missing from its type.
  const options: SMTPPool.Options & { maxRequeues: number } = {
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    maxMessages: 1000,
    maxRequeues: 0,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
    ...fromUrl,
    getSocket: (options, callback) =>
      connectWithoutDelay(options.host ?? "localhost", options.port ?? (options.secure ? 465 : 587), callback),
  };
  return options;
}

/**
 * The pool's connection to the relay, each command sent at once: with Nagle's algorithm the end of
 * a mail's data waited for the relay's delayed acknowledgement, about 40 ms per mail on an open
 * connection. nodemailer greets and (for smtps or STARTTLS) secures the socket as its own.
 */
function connectWithoutDelay(host: string, port: number, callback: (error: Error | null, socket?: { connection: Socket }) => void) {
  const socket = connect({ host, port, noDelay: true, timeout: 10_000 });
  const failed = (error: Error) => {
    socket.destroy();
    callback(error);
  };
  socket.once("error", failed);
  socket.once("timeout", () => failed(Object.assign(new Error(`connection to ${host}:${port} timed out`), { code: "ETIMEDOUT" })));
  socket.once("connect", () => {
    socket.off("error", failed).setTimeout(0);
    socket.removeAllListeners("timeout");
    callback(null, { connection: socket });
  });
}

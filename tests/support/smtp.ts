import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: ParsedMail["headers"];
  raw: string;
  /** The name the sending client greeted with (EHLO), which tells apart senders on one host. */
  client: string;
}

/** A real SMTP server on a free local port that keeps every message it receives. */
export async function startSmtpCapture(port = 0) {
  const messages: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  let refuse = false;
  let delayMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      if (refuse) return callback(new Error("Service unavailable"));
      callback();
    },
    // A connection opened before the outage refuses its mails too, as a relay that went away would.
    onMailFrom(_address, _session, callback) {
      if (refuse) return callback(Object.assign(new Error("Service unavailable"), { responseCode: 421 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = await simpleParser(raw);
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          html: typeof parsed.html === "string" ? parsed.html : "",
          headers: parsed.headers,
          raw,
          client: session.hostNameAppearsAs,
        });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.server.address() as AddressInfo).port;

  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    /** Makes the server refuse (true) or accept (false) new connections, to simulate an outage. */
    setRefusing(value: boolean) {
      refuse = value;
    },
    /** Makes the server take `ms` to accept each message, as a slow mail relay would. */
    setDelay(ms: number) {
      delayMs = ms;
    },
    /** Resolves with the first message to `address` matching `predicate`, waiting up to `timeoutMs`. */
    async waitFor(address: string, predicate: (m: CapturedMail) => boolean = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.to.includes(address.toLowerCase()) && predicate(m));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code of a verification or reset mail. */
export function codeIn(mail: CapturedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No 6-digit code in mail "${mail.subject}"`);
  return code;
}

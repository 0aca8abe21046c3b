import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { DB } from "../../server/db/database.js";

/** The 6-digit code in a text message. */
export function codeInSms(text: string): string {
  const code = text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code in ${JSON.stringify(text)}`);
  return code;
}

/** The text messages the development SMS outbox holds for a number, oldest first. */
export async function outboxFor(db: DB, to: string): Promise<string[]> {
  const rows = await db.selectFrom("dev_sms_outbox").select("body").where("to", "=", to).orderBy("id").execute();
  return rows.map((r) => r.body);
}

/** The code of the newest text message to a number in the development SMS outbox. */
export async function lastCodeTo(db: DB, to: string): Promise<string> {
  const messages = await outboxFor(db, to);
  const last = messages.at(-1);
  if (!last) throw new Error(`no text message to ${to}`);
  return codeInSms(last);
}

export interface ProviderRequest {
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

/**
 * A local double of a Twilio-style SMS provider: records each form POST and answers with the
 * status the test sets (201 by default).
 */
export async function startSmsProviderDouble() {
  const received: ProviderRequest[] = [];
  let status = 201;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => resolve(body));
    });
  const server = createServer(async (req, res) => {
    const body = await read(req);
    received.push({ authorization: req.headers.authorization, contentType: req.headers["content-type"], form: new URLSearchParams(body) });
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(status < 300 ? { sid: `SM${received.length}`, status: "queued" } : { message: "refused" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/2010-04-01/Accounts/AC123/Messages.json`,
    received,
    answerWith(next: number) {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

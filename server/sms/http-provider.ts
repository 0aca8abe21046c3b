import type { Logger } from "pino";
import type { SmsSender } from "./sms-sender.js";

/** Waiting longer would keep the person at the form; the code can be asked for again. */
const TIMEOUT_MS = 10_000;

export class SmsDeliveryError extends Error {
  constructor(readonly status: number | null) {
    super(status ? `SMS provider answered ${status}` : "SMS provider unreachable");
    this.name = "SmsDeliveryError";
  }
}

/**
 * An SMS provider that takes a Twilio-style request: a form POST of `To`, `From` and `Body` with
 * HTTP basic authentication (Twilio's Messages resource, and the many providers that copy it).
 * Any answer other than 2xx is a failed delivery.
 */
export function httpSmsProvider(opts: {
  url: string;
  username: string;
  password: string;
  from: string;
  logger: Logger;
  fetch?: typeof fetch;
}): SmsSender {
  const doFetch = opts.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${opts.username}:${opts.password}`).toString("base64")}`;
  return {
    kind: "provider",
    async send(sms) {
      let res: Response;
      try {
        res = await doFetch(opts.url, {
          method: "POST",
          headers: { authorization, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: new URLSearchParams({ To: sms.to, From: opts.from, Body: sms.text }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        opts.logger.error({ err: error }, "SMS provider unreachable");
        throw new SmsDeliveryError(null);
      }
      // The body is read so the connection can be reused; it holds nothing we keep.
      const answer = await res.text().catch(() => "");
      if (!res.ok) {
        opts.logger.error({ status: res.status, answer: answer.slice(0, 500) }, "SMS provider refused a message");
        throw new SmsDeliveryError(res.status);
      }
    },
  };
}

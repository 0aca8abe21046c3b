import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { REFERENCE_EXTENSION_ID } from "../support/fake-chrome";
import { startOidcServer } from "../support/oidc";
import { startSmtpCapture } from "../support/smtp";
import { startOwnServer } from "./own-server";

/**
 * Starts the production build with the real server on a fresh embedded database, plus an SMTP
 * server whose messages the tests read over a small HTTP endpoint (E2E_MAILBOX_URL).
 */
export default async function globalSetup() {
  const smtp = await startSmtpCapture();
  // A local OpenID Connect provider plays Google.
  const oidc = await startOidcServer();
  const mailbox = createServer((req, res) => {
    const to = new URL(req.url ?? "/", "http://x").searchParams.get("to")?.toLowerCase();
    const list = smtp.messages.filter((m) => !to || m.to.includes(to)).map(({ to, subject, text, html }) => ({ to, subject, text, html }));
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(list));
  });
  await new Promise<void>((resolve) => mailbox.listen(0, "127.0.0.1", resolve));
  const mailboxPort = (mailbox.address() as AddressInfo).port;

  const server = await startOwnServer({
    AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e",
    SMTP_URL: smtp.url,
    // Tests tell their visitor's address as a proxy would (tests/e2e/fixtures.ts).
    TRUSTED_IP_HEADER: "x-forwarded-for",
    // The browser flows solve the proof of work; API fixtures solve it in Node (tests/support/bot-check.ts).
    BOT_PROTECTION: "on",
    // Analytics configured, so the consent tests can see the script load (the request is intercepted).
    GA_MEASUREMENT_ID: "G-E2ETEST01",
    // The reference extension (extension/) is the first-party sign-in client.
    EXTENSION_IDS: REFERENCE_EXTENSION_ID,
    ...oidc.env,
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_MAILBOX_URL = `http://127.0.0.1:${mailboxPort}`;
  // Servers a spec starts itself deliver to the same capture.
  process.env.E2E_SMTP_URL = smtp.url;
  process.env.E2E_OIDC_ISSUER = oidc.issuer;

  return async () => {
    await server.stop();
    mailbox.close();
    await smtp.close();
    await oidc.stop();
  };
}

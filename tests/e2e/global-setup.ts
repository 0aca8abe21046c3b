import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { startOidcServer } from "../support/oidc";
import { freePort } from "../support/server";
import { startSmtpCapture } from "../support/smtp";

/**
 * Starts the production build with the real server on a fresh embedded database, plus an SMTP
 * server whose messages the tests read over a small HTTP endpoint (E2E_MAILBOX_URL).
 */
export default async function globalSetup() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "crm-e2e-"));
  const smtp = await startSmtpCapture();
  // A local OpenID Connect provider plays Google.
  const oidc = await startOidcServer();
  const mailbox = createServer((req, res) => {
    const to = new URL(req.url ?? "/", "http://x").searchParams.get("to")?.toLowerCase();
    const list = smtp.messages.filter((m) => !to || m.to.includes(to)).map(({ to, subject, text, html }) => ({ to, subject, text, html }));
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(list));
  });
  const mailboxPort = await freePort();
  await new Promise<void>((resolve) => mailbox.listen(mailboxPort, "127.0.0.1", resolve));

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ["build/node/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      SMTP_URL: smtp.url,
      RATE_LIMIT: "off",
      // Tests tell their visitor's address as a proxy would (tests/e2e/fixtures.ts).
      TRUSTED_IP_HEADER: "x-forwarded-for",
      // The browser flows solve the proof of work; API fixtures solve it in Node (tests/support/bot-check.ts).
      BOT_PROTECTION: "on",
      // Analytics configured, so the consent tests can see the script load (the request is intercepted).
      GA_MEASUREMENT_ID: "G-E2ETEST01",
      ...oidc.env,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(baseUrl, server);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAILBOX_URL = `http://127.0.0.1:${mailboxPort}`;
  // Servers a spec starts itself deliver to the same capture.
  process.env.E2E_SMTP_URL = smtp.url;
  process.env.E2E_OIDC_ISSUER = oidc.issuer;

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    mailbox.close();
    await smtp.close();
    await oidc.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

async function waitForHealth(baseUrl: string, server: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("The server did not become healthy within 60 s");
}

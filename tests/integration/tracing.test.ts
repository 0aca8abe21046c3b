import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "../support/databases.js";
import { ownRedis, redisServerAvailable } from "../support/own-redis.js";
import { freePort } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";

/** A span as OTLP/HTTP's JSON encoding carries it (ids in hex). */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

/** A local OTLP/HTTP receiver: keeps every span posted to /v1/traces, with its resource's service name. */
async function otlpReceiver() {
  const spans: (OtlpSpan & { service?: string })[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/v1/traces" && req.headers["content-type"]?.includes("application/json")) {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        for (const resource of body.resourceSpans ?? []) {
          const service = resource.resource?.attributes?.find((a: { key: string }) => a.key === "service.name")?.value?.stringValue;
          for (const scope of resource.scopeSpans ?? []) for (const span of scope.spans ?? []) spans.push({ ...span, service });
        }
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      } else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, spans, close: () => new Promise<void>((r) => server.close(() => r())) };
}

type Receiver = Awaited<ReturnType<typeof otlpReceiver>>;

/** The server span of the request answered with `requestId`. */
const spanOf = (receiver: Receiver, requestId: string | null) => receiver.spans.find((s) => attribute(s, "request.id") === requestId);

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

/** The built server as an operator runs it, recording which OpenTelemetry modules it imports. */
async function startBuiltServer(env: Record<string, string>) {
  const dir = await mkdtemp(path.join(tmpdir(), "crm-tracing-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const port = await freePort();
  const loads = path.join(dir, "module-loads.txt");
  const child: ChildProcess = spawn(process.execPath, ["--import", "./tests/support/module-loads.mjs", "build/node/main.js"], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: path.join(dir, "data"),
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "info",
      BOT_PROTECTION: "off",
      RATE_LIMIT: "off",
      MODULE_LOADS_FILE: loads,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  cleanups.push(async () => {
    child.kill("SIGTERM");
    await exited;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 300) throw new Error("server not healthy");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    /** The JSON log lines written so far. */
    logLines: () =>
      output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    openTelemetryModules: () => (existsSync(loads) ? readFileSync(loads, "utf8").split("\n").filter(Boolean) : []),
  };
}

// Each test starts the built server; on a loaded machine that alone can take half a minute.
describe("traces", { timeout: 90_000 }, () => {
  it.each(DATABASE_KINDS)(
    "sends a request's server span, named by its route pattern with the request id, and its database span in one trace (%s)",
    async (kind) => {
      const receiver = await otlpReceiver();
      cleanups.push(receiver.close);
      const database = await createTestDatabase(kind);
      cleanups.push(database.drop);
      const server = await startBuiltServer({
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_SERVICE_NAME: "crm-under-test",
        OTEL_BSP_SCHEDULE_DELAY: "100",
        ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      });

      // A public route that reads the invitation from the database (an unknown one: 404).
      const res = await fetch(`${server.url}/api/invitations/inv-4711-unknown`);
      expect(res.status).toBe(404);
      const requestId = res.headers.get("x-request-id") as string;
      expect(requestId).toBeTruthy();

      await expect.poll(() => spanOf(receiver, requestId), { timeout: 10_000 }).toBeDefined();
      const serverSpan = spanOf(receiver, requestId) as OtlpSpan & { service?: string };
      expect(serverSpan.name).toBe("GET /api/invitations/:invitationId");
      expect(attribute(serverSpan, "http.route")).toBe("/api/invitations/:invitationId");
      expect(attribute(serverSpan, "http.response.status_code")).toBe(404);
      expect(serverSpan.service).toBe("crm-under-test");
      expect(serverSpan.parentSpanId || undefined).toBeUndefined();
      // No span is named by a raw path with an id.
      expect(receiver.spans.some((s) => s.name.includes("inv-4711"))).toBe(false);

      const queries = receiver.spans.filter((s) => s.traceId === serverSpan.traceId && attribute(s, "db.system.name") === "postgresql");
      expect(queries.length).toBeGreaterThan(0);
      const invitationRead = queries.find((s) => String(attribute(s, "db.query.text")).includes("invitation"));
      expect(invitationRead?.parentSpanId).toBe(serverSpan.spanId);
      expect(invitationRead?.name).toBe("SELECT");

      // The request's JSON log line carries the request id and the trace id.
      await expect.poll(() => server.logLines().find((l) => l.msg === "request" && l.reqId === requestId)).toBeDefined();
      expect(server.logLines().find((l) => l.msg === "request" && l.reqId === requestId)?.traceId).toBe(serverSpan.traceId);

      // A page, answered before the app, has its trace too.
      const page = await fetch(`${server.url}/en`);
      expect(page.status).toBe(200);
      const pageId = page.headers.get("x-request-id");
      await expect.poll(() => spanOf(receiver, pageId)?.name, { timeout: 10_000 }).toBe("GET");
      expect(server.openTelemetryModules().some((url) => url.includes("/sdk-trace-node/"))).toBe(true);
    },
  );

  it.skipIf(!redisServerAvailable())(
    "traces a request's Redis command in its trace, and the outbox's mails to the relay in traces of their own",
    async () => {
      const receiver = await otlpReceiver();
      cleanups.push(receiver.close);
      const smtp = await startSmtpCapture();
      cleanups.push(() => smtp.close());
      const redis = ownRedis(await freePort());
      await redis.start();
      cleanups.push(redis.stop);
      const server = await startBuiltServer({
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: "100",
        REDIS_URL: redis.url,
        SMTP_URL: smtp.url,
        CONTACT_INBOX: "inbox@example.com",
        // The contact form's limit counts in Redis.
        RATE_LIMIT: "on",
      });

      const res = await fetch(`${server.url}/api/send-contact`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ name: "Trace Tina", email: "tina@example.com" }),
      });
      expect(res.status).toBe(201);
      await expect.poll(() => spanOf(receiver, res.headers.get("x-request-id")), { timeout: 10_000 }).toBeDefined();
      const request = spanOf(receiver, res.headers.get("x-request-id")) as OtlpSpan;
      expect(request.name).toBe("POST /api/send-contact");
      const commands = receiver.spans.filter((s) => s.traceId === request.traceId && attribute(s, "db.system.name") === "redis");
      expect(commands.map((s) => s.name)).toContain("EVAL");

      // The confirmation and the inbox's copy, sent by the outbox after the request.
      await smtp.waitFor("tina@example.com");
      await expect.poll(() => receiver.spans.filter((s) => s.name === "smtp send").length, { timeout: 10_000 }).toBe(2);
      const sends = receiver.spans.filter((s) => s.name === "smtp send");
      expect(sends.map((s) => attribute(s, "server.address"))).toEqual(["127.0.0.1", "127.0.0.1"]);
      expect(sends.some((s) => s.traceId === request.traceId)).toBe(false);
    },
  );

  it("loads no OpenTelemetry SDK module when OTEL_EXPORTER_OTLP_ENDPOINT is not set", async () => {
    const server = await startBuiltServer({});
    expect((await fetch(`${server.url}/en`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/invitations/inv-4711-unknown`)).status).toBe(404);
    const line = server.logLines().find((l) => l.msg === "request");
    expect(line?.reqId).toBeTruthy();
    expect(line).not.toHaveProperty("traceId");
    // Only the API may be imported: the identity library asks for it on its own, a no-op without the SDK.
    expect(server.openTelemetryModules().filter((url) => !url.includes("/node_modules/@opentelemetry/api/"))).toEqual([]);
  });
});

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../support/server.js";

/** The built server as an operator runs it: `node build/node/main.js`. */
const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function run(env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "crm-proc-"));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ["build/node/main.js"], {
    // The contact form stands for any accepted request here; its proof of work is tested elsewhere.
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: "info", BOT_PROTECTION: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(port: number, child: ChildProcess) {
  for (let i = 0; i < 450; i++) {
    if (child.exitCode !== null) throw new Error("server exited");
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("not healthy");
}

describe("start-up", () => {
  it.each([
    ["PORT", { PORT: "not-a-port" }],
    ["AUTH_SECRET", { NODE_ENV: "production" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://localhost/crm" }],
  ])("stops with a one-line reason naming %s", async (name, env) => {
    const { exited, output } = await run(env);
    expect(await exited).toBe(1);
    const lines = output().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(name);
  });
});

describe("an unusable DATA_DIR", () => {
  it.each([
    ["without AUTH_SECRET", {}],
    ["with AUTH_SECRET", { AUTH_SECRET: "x".repeat(40) }],
  ])("stops start-up with a one-line reason %s", async (_label, env) => {
    const { writeFile } = await import("node:fs/promises");
    const blocker = path.join(await mkdtemp(path.join(tmpdir(), "crm-ro-")), "a-file");
    dirs.push(path.dirname(blocker));
    await writeFile(blocker, "not a folder");
    const { exited, output } = await run({ ...env, DATA_DIR: path.join(blocker, "data") });
    expect(await exited).toBe(1);
    const lines = output().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/DATA_DIR .*(not writable|Cannot open).*ENOTDIR|Cannot open the embedded database in DATA_DIR .*ENOTDIR/);
  });
});

describe("shutdown", () => {
  it("finishes an in-flight request on SIGTERM, then exits cleanly", async () => {
    const port = await freePort();
    const { child, exited } = await run({ PORT: String(port), HOST: "127.0.0.1", RATE_LIMIT: "off" });
    await waitHealthy(port, child);

    const body = JSON.stringify({ email: "slow@example.com", password: "long enough password", name: "Slow Client", legalConsent: true });
    const response = new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          path: "/api/auth/sign-up/email",
          method: "POST",
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), origin: `http://localhost:${port}` },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 100);
    });
    expect(await response).toBe(200);
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 120_000);
});

describe("a new embedded database", () => {
  it("starts as the build's migrated cluster and keeps its data across a restart", async () => {
    const port = await freePort();
    const env = { PORT: String(port), HOST: "127.0.0.1", RATE_LIMIT: "off" };
    const first = await run(env);
    await waitHealthy(port, first.child);
    // The template already holds every migration, so the first start applies none.
    expect(first.output()).not.toContain("database migrated");
    const body = { name: "Template Check", email: "template@example.com", message: "Is this kept after a restart?" };
    const sent = await fetch(`http://127.0.0.1:${port}/api/send-contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: `http://localhost:${port}` },
      body: JSON.stringify(body),
    });
    expect(sent.status).toBe(201);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    // The same DATA_DIR again: the cluster is opened, not replaced by a new copy.
    const dataDir = dirs.at(-1) as string;
    const { execFileSync } = await import("node:child_process");
    const listed = execFileSync(process.execPath, ["build/node/contacts.js", "list"], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    }).toString();
    expect(listed).toContain("template@example.com");
  }, 120_000);
});

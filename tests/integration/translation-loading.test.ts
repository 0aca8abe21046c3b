import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchBackend } from "../../app/i18n/fetch-backend.js";
import { CATALOG_RETRY, createI18n } from "../../app/i18n/i18n.js";

/**
 * The browser loads catalogs with our fetch backend; these tests run the same configuration
 * against a server that fails on purpose, to pin down the retry policy: a 5xx or no answer is
 * retried 5 times from 350 ms, doubling; a 4xx is not retried.
 */
let server: Server;
let base: string;
const hits = new Map<string, number[]>();
let behaviour: (path: string, attempt: number) => { status: number; body: string } = () => ({ status: 200, body: "{}" });

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? "/";
    const times = hits.get(path) ?? [];
    times.push(Date.now());
    hits.set(path, times);
    const { status, body } = behaviour(path, times.length);
    res.writeHead(status, { "content-type": "application/json" });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Loads `ns` with the browser's retry policy; `retryTimeout` shortens the first delay where only the count matters. */
async function load(ns: string, retryTimeout: number = CATALOG_RETRY.retryTimeout): Promise<{ loaded: boolean; failures: string[] }> {
  const failures: string[] = [];
  const i18n = createI18n("en", {}, { partialBundledLanguages: true, ...CATALOG_RETRY, retryTimeout }, [
    fetchBackend((lng, ns) => `${base}/locales/${lng}/${ns}.json`),
  ]);
  i18n.on("failedLoading", (_lng, _ns, msg) => failures.push(String(msg)));
  await i18n.loadNamespaces(ns);
  return { loaded: i18n.hasResourceBundle("en", ns), failures };
}

describe("translation loading", () => {
  it("retries a 5xx with delays from 350 ms doubling, then succeeds", async () => {
    behaviour = (_p, attempt) => (attempt <= 3 ? { status: 503, body: "{}" } : { status: 200, body: '{"hello":"Hello"}' });
    const result = await load("flaky");
    expect(result.loaded).toBe(true);
    const times = hits.get("/locales/en/flaky.json") ?? [];
    expect(times).toHaveLength(4);
    const gaps = times.slice(1).map((t, i) => t - (times[i] as number));
    expect(gaps[0]).toBeGreaterThanOrEqual(340);
    expect(gaps[1]).toBeGreaterThanOrEqual(690);
    expect(gaps[2]).toBeGreaterThanOrEqual(1390);
  }, 15_000);

  it("does not retry a 4xx", async () => {
    behaviour = () => ({ status: 404, body: '{"message":"Unknown"}' });
    const result = await load("missing");
    expect(result.loaded).toBe(false);
    await new Promise((r) => setTimeout(r, 500));
    expect(hits.get("/locales/en/missing.json")).toHaveLength(1);
  });

  it("reports a body that is not JSON as a parse failure", async () => {
    behaviour = () => ({ status: 200, body: "<html>oops" });
    const result = await load("broken");
    expect(result.loaded).toBe(false);
    expect(result.failures.join(" ")).toContain("failed parsing");
    expect(hits.get("/locales/en/broken.json")).toHaveLength(1);
  });

  it("gives up after 5 retries", async () => {
    behaviour = () => ({ status: 500, body: "{}" });
    const result = await load("down", 20);
    expect(result.loaded).toBe(false);
    expect(hits.get("/locales/en/down.json")).toHaveLength(CATALOG_RETRY.maxRetries + 1);
  });
});

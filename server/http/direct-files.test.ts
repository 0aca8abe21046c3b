import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directFiles } from "./direct-files";
import { fileRoutes } from "./pages";
import type { StaticFile } from "./static-files";

const page: StaticFile = {
  body: Buffer.from("<!doctype html><title>Hallo</title>"),
  etag: '"page"',
  type: "text/html; charset=utf-8",
  scriptHashes: [],
};
const lines: Record<string, unknown>[] = [];
let server: Server;
let base: string;
let passedOn: string[] = [];

beforeAll(async () => {
  const logger = pino(
    { level: "info" },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    }),
  );
  const direct = directFiles(fileRoutes({ files: new Map([["/de/index.html", page]]), analytics: false }), logger);
  server = createServer((req, res) => {
    if (direct(req, res)) return;
    passedOn.push(req.url ?? "");
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("directFiles", () => {
  it("answers a page with its headers, a request id and one log line", async () => {
    lines.length = 0;
    const res = await fetch(`${base}/de?utm=x`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Hallo");
    expect(res.headers.get("etag")).toBe('"page"');
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toEqual([expect.objectContaining({ msg: "request", reqId: id, method: "GET", path: "/de", status: 200 })]);
  });

  it("keeps a client's well-formed request id and replaces any other", async () => {
    expect((await fetch(`${base}/de`, { headers: { "x-request-id": "trace-42=" } })).headers.get("x-request-id")).toBe("trace-42=");
    expect((await fetch(`${base}/de`, { headers: { "x-request-id": "no spaces" } })).headers.get("x-request-id")).not.toBe("no spaces");
  });

  it("answers a revalidation with 304 and a HEAD without a body", async () => {
    const revalidated = await fetch(`${base}/de`, { headers: { "if-none-match": '"page"' } });
    expect(revalidated.status).toBe(304);
    const head = await fetch(`${base}/de`, { method: "HEAD" });
    expect([head.status, head.headers.get("content-length"), await head.text()]).toEqual([200, String(page.body.length), ""]);
  });

  it("answers a path alike on every request, each with its own request id", async () => {
    const headersOf = (res: Response) => [...res.headers].filter(([name]) => name !== "date" && name !== "x-request-id");
    const [first, second, withQuery] = [await fetch(`${base}/de`), await fetch(`${base}/de`), await fetch(`${base}/de?ref=mail`)];
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(headersOf(withQuery)).toEqual(headersOf(first));
    const ids = new Set([first, second, withQuery].map((res) => res.headers.get("x-request-id")));
    expect(ids.size).toBe(3);
    const revalidated = [
      await fetch(`${base}/de`, { headers: { "if-none-match": '"page"' } }),
      await fetch(`${base}/de`, { headers: { "if-none-match": '"page"' } }),
    ];
    expect(headersOf(revalidated[1] as Response)).toEqual(headersOf(revalidated[0] as Response));
  });

  it("passes on a request for a path it answered once when its host is unusual", async () => {
    passedOn = [];
    await fetch(`${base}/de`);
    const { request } = await import("node:http");
    await new Promise<void>((resolve, reject) =>
      request(`${base}/de`, { headers: { host: "exa mple" } }, (res) => res.resume().on("end", resolve))
        .on("error", reject)
        .end(),
    );
    expect(passedOn).toEqual(["/de"]);
  });

  it("passes on what it does not answer as it is: other methods, unknown paths, encoded and absolute targets", async () => {
    passedOn = [];
    await fetch(`${base}/de`, { method: "POST" });
    await fetch(`${base}/fr`);
    await fetch(`${base}/d%65`);
    await fetch(`${base}/de/`);
    expect(passedOn).toEqual(["/de", "/fr", "/d%65", "/de/"]);
  });
});

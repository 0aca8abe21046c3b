import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { drainingServer } from "./drain.js";

const agents: Agent[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const agent of agents.splice(0)) agent.destroy();
});

/** A server whose `/slow` answers and `/stream` ends when the test says so, and a kept-alive client of it. */
async function setUp() {
  let answerSlow = () => {};
  let endStream = () => {};
  const { server, drain } = drainingServer((req, res) => {
    if (req.url === "/slow") answerSlow = () => res.end("slow");
    else if (req.url === "/stream") {
      res.writeHead(200).write("begun ");
      endStream = () => res.end("ended");
    } else res.end("quick");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true });
  agents.push(agent);
  /** Resolves with the answer once it ended; `onHead` is called once its head arrived. */
  const get = (path: string, onHead = () => {}) =>
    new Promise<{ body: string; connection?: string }>((resolve, reject) => {
      request({ host: "127.0.0.1", port, path, agent }, (res) => {
        onHead();
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ body, connection: res.headers.connection }));
      })
        .on("error", reject)
        .end();
    });
  return { port, drain, get, answerSlow: () => answerSlow(), endStream: () => endStream() };
}

describe("a draining server", () => {
  it("finishes the request under way with Connection: close and serves a kept-alive connection during the grace", async () => {
    const { drain, get, answerSlow } = await setUp();
    // Two kept-alive connections: one becomes idle, one carries the slow request.
    await Promise.all([get("/a"), get("/b")]);
    const slow = get("/slow");
    await new Promise((r) => setTimeout(r, 20));

    const drained = drain({ idleGraceMs: 5_000 });
    // The idle connection is not closed under the client: its request is answered, and the connection closed after.
    expect(await get("/c")).toEqual({ body: "quick", connection: "close" });
    answerSlow();
    expect(await slow).toEqual({ body: "slow", connection: "close" });
    // Every connection ended with its answer: the drain is over long before the grace.
    await drained;
    await expect(get("/d")).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("closes idle kept-alive connections once the grace is over", async () => {
    const { drain, get } = await setUp();
    await get("/a");
    // Over only once every connection is closed, the idle one included: the client finds it gone.
    await drain({ idleGraceMs: 0 });
    await expect(get("/b")).rejects.toMatchObject({ code: expect.stringMatching(/^ECONN(RESET|REFUSED)$/) });
  });

  it("counts an idle connection's grace from its own last answer, which may end after the stop began", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const { drain, get, endStream } = await setUp();
    // The answer's head, kept alive, went out before the stop; it ends 3 s into the grace of 5 s.
    let headArrived = () => {};
    const head = new Promise<void>((resolve) => (headArrived = resolve));
    const stream = get("/stream", () => headArrived());
    await head;
    const drained = drain({ idleGraceMs: 5_000 });
    vi.advanceTimersByTime(3_000);
    endStream();
    expect(await stream).toEqual({ body: "begun ended", connection: "keep-alive" });
    // 6 s after the stop, 3 s after that answer: the balancer may still send on the connection, which is still open.
    vi.advanceTimersByTime(3_000);
    expect(await get("/after")).toEqual({ body: "quick", connection: "close" });
    await drained;
  });
});

import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { drainingServer } from "./drain.js";

const agents: Agent[] = [];
afterEach(() => {
  for (const agent of agents.splice(0)) agent.destroy();
});

/** A server whose `/slow` answers when the test says so, and a kept-alive client of it. */
async function setUp() {
  let answerSlow = () => {};
  const { server, drain } = drainingServer((req, res) => {
    if (req.url === "/slow") answerSlow = () => res.end("slow");
    else res.end("quick");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true });
  agents.push(agent);
  const get = (path: string) =>
    new Promise<{ body: string; connection?: string }>((resolve, reject) => {
      request({ host: "127.0.0.1", port, path, agent }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ body, connection: res.headers.connection }));
      })
        .on("error", reject)
        .end();
    });
  return { drain, get, answerSlow: () => answerSlow() };
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
});

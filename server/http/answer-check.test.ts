import { Hono } from "hono";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { API_ROUTES } from "../../core/api/routes";
import { answerCheck } from "./answer-check";
import { type AppEnv, requestContext } from "./context";

/** The check in front of handlers that answer what a test gives them. */
function appAnswering(answers: Record<string, unknown>) {
  const app = new Hono<AppEnv>();
  app.use(requestContext({ logger: pino({ level: "silent" }), trustedIpHeader: undefined }));
  app.use("/api/*", answerCheck(API_ROUTES));
  for (const [path, body] of Object.entries(answers)) app.get(path, (c) => c.json(body as object));
  app.get("/api/teams/:teamId/members/refused", (c) => c.json({ message: "No", code: "forbidden" }, 403));
  return app;
}

const phones = {
  numbers: [{ id: "p1", phoneNumber: "+4915123456789", verified: true, primary: true, createdAt: "2026-11-29T00:00:00.000Z" }],
  smsTwoFactor: false,
};

describe("answer check", () => {
  it("lets an answer through that fits its route's schema", async () => {
    const res = await appAnswering({ "/api/account/phone-numbers": phones }).request("/api/account/phone-numbers");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(phones);
  });

  it("turns an answer that does not fit into a 500 naming the route and the field", async () => {
    const drifted = { ...phones, numbers: [{ ...phones.numbers[0], verified: "yes" }] };
    const res = await appAnswering({ "/api/account/phone-numbers": drifted }).request("/api/account/phone-numbers");
    expect(res.status).toBe(500);
    const body = (await res.json()) as { message: string; code: string };
    expect(body.code).toBe("internal_error");
    expect(body.message).toContain("GET /api/account/phone-numbers");
    expect(body.message).toContain("verified");
  });

  it("matches a route's parameters and leaves refusals and undescribed routes alone", async () => {
    const app = appAnswering({ "/api/teams/:teamId/members": { items: [] }, "/api/not-described": { anything: 1 } });
    expect((await app.request("/api/teams/t1/members")).status).toBe(500);
    expect((await app.request("/api/teams/t1/members/refused")).status).toBe(403);
    expect((await app.request("/api/not-described")).status).toBe(200);
  });
});

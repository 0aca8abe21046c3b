import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError, request } from "./client";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function mockFetch(answer: () => Promise<Response>) {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal("fetch", fetchMock);
  return () => fetchMock.mock.calls[0] as unknown as [string, RequestInit];
}

afterEach(() => vi.unstubAllGlobals());

describe("request", () => {
  it("sends a JSON body with the language, on the same origin, and resolves with the answer", async () => {
    const call = mockFetch(async () => json(201, { id: "t1", name: "Scouts", slug: "scouts" }));
    await expect(request("POST /api/teams", { body: { name: "Scouts" }, language: "de" })).resolves.toEqual({
      id: "t1",
      name: "Scouts",
      slug: "scouts",
    });
    const [url, init] = call();
    expect(url).toBe("/api/teams");
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("same-origin");
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
    expect(new Headers(init.headers).get("x-language")).toBe("de");
    expect(JSON.parse(String(init.body))).toEqual({ name: "Scouts" });
  });

  it("leaves out undefined query parameters, and the body and its type when there is none", async () => {
    const call = mockFetch(async () => json(200, { url: "https://portal.example" }));
    await request("POST /api/create-portal-session", { query: { organizationId: undefined } });
    expect(call()[0]).toBe("/api/create-portal-session");
    expect(call()[1].body).toBeUndefined();
    expect(new Headers(call()[1].headers).has("content-type")).toBe(false);
    const list = mockFetch(async () => json(200, { items: [], total: 0, page: 2, pageSize: 5 }));
    await request("GET /api/teams", { query: { kind: "member", page: 2 } });
    expect(list()[0]).toBe("/api/teams?kind=member&page=2");
  });

  it("speaks the page's language when none is given", async () => {
    vi.stubGlobal("document", { documentElement: { lang: "de" } });
    const call = mockFetch(async () => json(200, { gaMeasurementId: null }));
    await request("GET /api/site-config");
    expect(new Headers(call()[1].headers).get("x-language")).toBe("de");
  });

  it("throws the status, message, code and field errors of an error answer", async () => {
    mockFetch(async () => json(400, { message: "Please check the form", code: "invalid_contact", errors: { email: "Refused" } }));
    const error = await request("POST /api/send-contact", { body: { name: "Ada", email: "x", company: "", website: "" } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, message: "Please check the form", code: "invalid_contact", errors: { email: "Refused" } });
  });

  it("throws an empty message for an answer that is not JSON, and passes a network failure on", async () => {
    mockFetch(async () => new Response("Bad gateway", { status: 502 }));
    await expect(request("GET /api/subscription")).rejects.toMatchObject({ name: "ApiRequestError", status: 502, message: "" });
    mockFetch(async () => new Response("<html>", { status: 200 }));
    await expect(request("GET /api/subscription")).rejects.toMatchObject({ status: 200, message: "" });
    mockFetch(async () => Promise.reject(new TypeError("Failed to fetch")));
    await expect(request("GET /api/subscription")).rejects.toBeInstanceOf(TypeError);
  });
});

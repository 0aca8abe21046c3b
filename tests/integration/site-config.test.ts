import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server.js";

describe("analytics settings for the prerendered pages", () => {
  let plain: TestServer;
  let withAnalytics: TestServer;
  // Two servers, one after the other: starting both at once is slow on a busy machine.
  beforeAll(async () => {
    plain = await startTestServer("pglite");
    withAnalytics = await startTestServer("pglite", { GA_MEASUREMENT_ID: "G-TEST1234" });
  }, 180_000);
  afterAll(async () => {
    await Promise.all([plain?.stop(), withAnalytics?.stop()]);
  });

  it("has no measurement id and no analytics origins in the page policy when none is configured", async () => {
    const res = await plain.fetch("/api/site-config");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ gaMeasurementId: null, signUpMode: "public", botProtection: false });
    const page = await plain.fetch("/en");
    expect(page.headers.get("content-security-policy")).not.toContain("googletagmanager");
  });

  it("hands out the configured measurement id and allows the analytics origins", async () => {
    const res = await withAnalytics.fetch("/api/site-config");
    expect(await res.json()).toEqual({ gaMeasurementId: "G-TEST1234", signUpMode: "public", botProtection: false });
    const page = await withAnalytics.fetch("/en");
    expect(page.headers.get("content-security-policy")).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
  });

  it("sends every install link to the store page of the deployment's setting", async () => {
    const res = await plain.fetch("/get-extension");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://chromewebstore.google.com/");
  });
});

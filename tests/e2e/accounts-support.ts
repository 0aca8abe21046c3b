import { randomBytes } from "node:crypto";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { botCheckHeaders } from "../support/bot-check";
import { OIDC_IDENTITY_COOKIE, type OidcIdentity } from "../support/oidc";
import { test as base, codeFromMail, expect } from "./fixtures";

/**
 * The shared `test`, except that the browser's "Failed to load resource" notice for an identity
 * API answer of 4xx is expected: these tests provoke wrong codes and passwords on purpose, and
 * the page shows its own message for them. Any other console or page error still fails.
 */
export const test = base.extend({
  // Overrides the shared fixture, which stays automatic.
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() !== "error") return;
      const url = m.location().url;
      if (/status of 4\d\d/.test(m.text()) && new URL(url).pathname.startsWith("/api/auth/")) return;
      errors.push(`${m.text()} (${url})`);
    });
    await use(errors);
    expect(errors, "console or page errors").toEqual([]);
  },
});

/** A fresh address per test, so tests never share accounts. */
export const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}@example.com`;

export const PASSWORD = "correct horse battery";

/** Ticks the sign-up's required agreement to the terms and privacy policy (step 1). */
export async function agreeToTerms(page: Page, lang: "en" | "de" = "en") {
  await page
    .getByRole("checkbox", { name: lang === "de" ? /^Ich stimme den Nutzungsbedingungen/ : /^I agree to the Terms of Service/ })
    .check();
}

const origin = () => ({ origin: process.env.E2E_BASE_URL as string });

/**
 * Creates and verifies an account through the API (as the wizard would), leaving the request
 * context signed in. Returns the address.
 */
export async function createVerifiedAccount(
  request: APIRequestContext,
  opts: { email?: string; name?: string; planType?: "individual" | "pro"; teamName?: string; locale?: "en" | "de" } = {},
) {
  const email = opts.email ?? uniqueEmail("user");
  const res = await request.post("/api/auth/sign-up/email", {
    headers: { ...origin(), ...(await botCheckHeaders(process.env.E2E_BASE_URL as string)) },
    data: {
      name: opts.name ?? "Ada Lovelace",
      email,
      password: PASSWORD,
      planType: opts.planType ?? "individual",
      teamName: opts.teamName,
      locale: opts.locale ?? "en",
      legalConsent: true,
    },
  });
  expect(res.status()).toBe(200);
  const otp = await codeFromMail(email);
  const verify = await request.post("/api/auth/email-otp/verify-email", { headers: origin(), data: { email, otp } });
  expect(verify.status()).toBe(200);
  return email;
}

/** Creates an account whose e-mail is not verified yet. */
export async function createUnverifiedAccount(request: APIRequestContext, email = uniqueEmail("unverified")) {
  const res = await request.post("/api/auth/sign-up/email", {
    headers: { ...origin(), ...(await botCheckHeaders(process.env.E2E_BASE_URL as string)) },
    data: { name: "Una Verified", email, password: PASSWORD, legalConsent: true },
  });
  expect(res.status()).toBe(200);
  return email;
}

/** Decides who signs in at the local Google stand-in for this browser context. */
export async function signInAtGoogleAs(context: BrowserContext, identity: OidcIdentity) {
  await context.addCookies([
    { name: OIDC_IDENTITY_COOKIE, value: encodeURIComponent(JSON.stringify(identity)), url: process.env.E2E_OIDC_ISSUER as string },
  ]);
}

/** Types a code into the six boxes the way a user does, one digit at a time. */
export async function typeCode(page: Page, code: string) {
  await page.getByRole("textbox", { name: /^(Digit|Ziffer) 1 / }).click();
  await page.keyboard.type(code);
}

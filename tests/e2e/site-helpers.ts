import type { Page } from "@playwright/test";

/** Stores a cookie choice before the page loads, so the banner does not cover what a test clicks. */
export async function withStoredConsent(page: Page, consent = { necessary: true, functional: false, analytics: false, marketing: false }) {
  await page.addInitScript((value) => window.localStorage.setItem("cookieConsent", value), JSON.stringify(consent));
}

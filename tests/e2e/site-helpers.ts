import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";

/** Stores a cookie choice before the page loads, so the banner does not cover what a test clicks. */
export async function withStoredConsent(page: Page, consent = { necessary: true, functional: false, analytics: false, marketing: false }) {
  await page.addInitScript((value) => window.localStorage.setItem("cookieConsent", value), JSON.stringify(consent));
}

/** The English strings of `namespaces` that occur in `text` (a German page's text should hold none). */
export function englishIn(text: string, namespaces: string[]): string[] {
  const english: string[] = [];
  for (const ns of namespaces) {
    const en = JSON.parse(readFileSync(`locales/en/${ns}.json`, "utf8"));
    const de = JSON.parse(readFileSync(`locales/de/${ns}.json`, "utf8"));
    collectDifferent(en, de, english);
  }
  return english.filter((s) => new RegExp(`(?<!\\p{L})${s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?!\\p{L})`, "u").test(text));
}

/** English strings whose German counterpart differs (names such as "Pro" or "FAQ" are the same in both). */
function collectDifferent(en: unknown, de: unknown, out: string[]) {
  if (typeof en === "string") {
    // Multi-word phrases only: single words such as "Analytics" also occur in sample company names.
    if (en !== de && en.includes(" ") && !en.includes("{{")) out.push(en);
    return;
  }
  if (en && typeof en === "object") {
    for (const [k, v] of Object.entries(en)) collectDifferent(v, (de as Record<string, unknown> | undefined)?.[k], out);
  }
}

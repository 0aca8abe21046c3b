import { describe, expect, it } from "vitest";
import { CONSENT_KEY, readConsent, writeConsent } from "./consent-store";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe("cookie consent storage", () => {
  it("has no choice when nothing is stored or the value is broken", () => {
    expect(readConsent(memoryStorage())).toBeNull();
    expect(readConsent(memoryStorage({ [CONSENT_KEY]: "{oops" }))).toBeNull();
    expect(readConsent(memoryStorage({ [CONSENT_KEY]: '{"analytics":"yes"}' }))).toBeNull();
  });
  it("stores the four categories with necessary always on", () => {
    const storage = memoryStorage();
    writeConsent({ necessary: true, functional: false, analytics: true, marketing: false }, storage);
    expect(JSON.parse(storage.data.get(CONSENT_KEY) ?? "")).toEqual({
      necessary: true,
      functional: false,
      analytics: true,
      marketing: false,
    });
    expect(readConsent(storage)).toEqual({ necessary: true, functional: false, analytics: true, marketing: false });
  });
});

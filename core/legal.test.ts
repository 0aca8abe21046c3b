import { describe, expect, it } from "vitest";
import { LEGAL_VERSION, needsLegalConsent } from "./legal";

describe("legal consent", () => {
  it("asks accounts without an agreement to the current version, and only those", () => {
    expect(LEGAL_VERSION).toBe("2025-05");
    expect(needsLegalConsent({ legalConsentVersion: LEGAL_VERSION })).toBe(false);
    expect(needsLegalConsent({ legalConsentVersion: "2024-01" })).toBe(true);
    expect(needsLegalConsent({ legalConsentVersion: null })).toBe(true);
    expect(needsLegalConsent({})).toBe(true);
  });
});

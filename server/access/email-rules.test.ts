import { describe, expect, it } from "vitest";
import { type EmailRules, emailAllowed, normalizeEmail, parseList } from "./email-rules.js";

const rules = (over: Partial<EmailRules> = {}): EmailRules => ({
  refuseDisposable: true,
  refusePlusAddresses: false,
  blocklist: [],
  allowlist: [],
  ...over,
});

describe("normalizeEmail", () => {
  it("maps the variants one mailbox receives to one address", () => {
    expect(normalizeEmail(" Ada.Lovelace+crm@GoogleMail.com ")).toBe("adalovelace@gmail.com");
    expect(normalizeEmail("ada.lovelace@gmail.com")).toBe("adalovelace@gmail.com");
    expect(normalizeEmail("Ada+x@outlook.com")).toBe("ada@outlook.com");
  });

  it("keeps dots and tags where the provider may deliver them elsewhere", () => {
    expect(normalizeEmail("ada.lovelace+x@example.com")).toBe("ada.lovelace+x@example.com");
    expect(normalizeEmail("ada.lovelace@outlook.com")).toBe("ada.lovelace@outlook.com");
  });
});

describe("emailAllowed", () => {
  it("refuses throwaway mail domains and their subdomains", () => {
    expect(emailAllowed(rules(), "x@mailinator.com")).toBe(false);
    expect(emailAllowed(rules(), "x@eu.mailinator.com")).toBe(false);
    expect(emailAllowed(rules(), "x@example.com")).toBe(true);
    expect(emailAllowed(rules({ refuseDisposable: false }), "x@mailinator.com")).toBe(true);
  });

  it("refuses plus addresses only when switched on", () => {
    expect(emailAllowed(rules(), "ada+crm@example.com")).toBe(true);
    expect(emailAllowed(rules({ refusePlusAddresses: true }), "ada+crm@example.com")).toBe(false);
  });

  it("applies the operator's lists, the allowlist first", () => {
    const r = rules({ blocklist: ["rival.example", "spam@example.com"], allowlist: ["mailinator.com", "ok@rival.example"] });
    expect(emailAllowed(r, "someone@rival.example")).toBe(false);
    expect(emailAllowed(r, "someone@hr.rival.example")).toBe(false);
    expect(emailAllowed(r, "Spam@Example.com")).toBe(false);
    expect(emailAllowed(r, "other@example.com")).toBe(true);
    expect(emailAllowed(r, "ok@rival.example")).toBe(true);
    expect(emailAllowed(r, "x@mailinator.com")).toBe(true);
    // A domain entry does not match a domain that merely ends in the same letters.
    expect(emailAllowed(r, "x@notrival.example")).toBe(true);
  });

  it("reads the lists from the environment's comma- or space-separated form", () => {
    expect(parseList(" Rival.example, spam@example.com  other.example ")).toEqual(["rival.example", "spam@example.com", "other.example"]);
    expect(parseList(undefined)).toEqual([]);
  });
});

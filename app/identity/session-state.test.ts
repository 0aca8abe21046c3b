import { describe, expect, it } from "vitest";
import { sessionState } from "./session-state";

describe("sessionState", () => {
  it("treats a failed read as unknown, never as signed out", () => {
    expect(sessionState({ data: null, isPending: false, error: { status: 429 } })).toBe("unknown");
    expect(sessionState({ data: null, isPending: false, error: { status: 503 } })).toBe("unknown");
    expect(sessionState({ data: null, isPending: false, error: {} })).toBe("unknown");
  });

  it("tells maintenance from other failures", () => {
    expect(sessionState({ data: null, isPending: false, error: { status: 503, code: "maintenance" } })).toBe("maintenance");
    expect(sessionState({ data: null, isPending: false, error: { status: 503, code: "OTHER" } })).toBe("unknown");
  });

  it("keeps a known session through a failed refresh", () => {
    expect(sessionState({ data: { user: {} }, isPending: false, error: { status: 429 } })).toBe("signed-in");
  });

  it("is signed out only when the server says so", () => {
    expect(sessionState({ data: null, isPending: false, error: null })).toBe("signed-out");
    expect(sessionState({ data: null, isPending: false, error: { status: 401 } })).toBe("signed-out");
    expect(sessionState({ data: null, isPending: true, error: null })).toBe("pending");
  });
});

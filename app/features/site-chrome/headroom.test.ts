import { describe, expect, it } from "vitest";
import { nextHeadroomState } from "./headroom";

describe("nextHeadroomState", () => {
  it("is unfixed at the top of the page", () => {
    expect(nextHeadroomState("unpinned", 40, 0, 64)).toBe("unfixed");
  });
  it("hides on scroll down once past the header", () => {
    expect(nextHeadroomState("pinned", 100, 120, 64)).toBe("unpinned");
    expect(nextHeadroomState("unfixed", 0, 30, 64)).toBe("pinned");
  });
  it("shows again only after more than 5 px up", () => {
    expect(nextHeadroomState("unpinned", 500, 496, 64)).toBe("unpinned");
    expect(nextHeadroomState("unpinned", 500, 494, 64)).toBe("pinned");
  });
  it("is pinned when the page opens scrolled down", () => {
    expect(nextHeadroomState("unfixed", 900, 900, 64)).toBe("pinned");
  });
  it("ignores readings that move 1 px or less", () => {
    expect(nextHeadroomState("pinned", 500, 501, 64)).toBe("pinned");
    expect(nextHeadroomState("unpinned", 500, 499, 64)).toBe("unpinned");
  });
});

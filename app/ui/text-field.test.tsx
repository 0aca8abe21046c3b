// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TextField } from "./text-field";

describe("TextField", () => {
  afterEach(cleanup);

  it("labels the input and describes it by its hint", () => {
    render(<TextField id="password" label="Password" hint="At least 8 characters." />);
    const input = screen.getByLabelText("Password");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(input.getAttribute("aria-describedby")).toBe("password-hint");
  });

  it("marks an error, adds it to the description and announces it only when asked", () => {
    const { rerender } = render(<TextField id="team" label="Team name" hint="Shown to members" error="Please enter a team name" />);
    const input = screen.getByLabelText("Team name");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("team-hint team-error");
    expect(document.getElementById("team-error")?.textContent).toBe("Please enter a team name");
    expect(screen.queryByRole("alert")).toBeNull();
    rerender(<TextField id="team" label="Team name" error="Please enter a team name" alertError />);
    expect(screen.getByRole("alert").textContent).toBe("Please enter a team name");
  });

  it("renders a labelled textarea with multiline, described the same way", () => {
    render(<TextField id="message" label="Message" error="Too long" multiline={5} />);
    const area = screen.getByLabelText("Message");
    expect(area.tagName).toBe("TEXTAREA");
    expect(area.getAttribute("rows")).toBe("5");
    expect(area.getAttribute("aria-describedby")).toBe("message-error");
    expect(area.getAttribute("aria-invalid")).toBe("true");
  });
});

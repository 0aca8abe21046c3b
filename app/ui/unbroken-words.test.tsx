// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { StepHeading } from "../features/auth-shell/step-heading";
import { unbrokenHyphenatedWords } from "./unbroken-words";

describe("unbrokenHyphenatedWords", () => {
  afterEach(cleanup);

  it("keeps a hyphenated word of a heading on one line and the heading's text unchanged", () => {
    render(<StepHeading title="Prüfen Sie Ihre E-Mails" />);
    const heading = screen.getByRole("heading", { level: 1, name: "Prüfen Sie Ihre E-Mails" });
    const unbroken = [...heading.querySelectorAll("span.whitespace-nowrap")].map((s) => s.textContent);
    expect(unbroken).toEqual(["E-Mails"]);
  });

  it("leaves a text without hyphens as it is", () => {
    expect(unbrokenHyphenatedWords("Mit Link anmelden")).toBe("Mit Link anmelden");
  });
});

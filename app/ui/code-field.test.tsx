// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CodeField } from "./code-field";

describe("CodeField", () => {
  afterEach(cleanup);

  it("keeps only the digits typed, offers the one-time-code fill and stops at the code's length", () => {
    const onChange = vi.fn();
    render(<CodeField id="code" label="Code" value="" onChange={onChange} length={6} />);
    const field = screen.getByLabelText("Code");
    expect(field.getAttribute("autocomplete")).toBe("one-time-code");
    expect(field.getAttribute("inputmode")).toBe("numeric");
    expect(field.getAttribute("maxlength")).toBe("6");
    fireEvent.change(field, { target: { value: "12 3-4a5" } });
    expect(onChange).toHaveBeenCalledWith("12345");
  });
});

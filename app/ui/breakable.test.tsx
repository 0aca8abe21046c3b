// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Breakable, withBreakables } from "./breakable";

/** The text of each line the browser may make: what stands between two break points. */
const pieces = (el: Element) => el.innerHTML.split("<wbr>");

describe("Breakable", () => {
  afterEach(cleanup);

  it("may break an address after its @ and after each dot, and its text stays the address", () => {
    render(<Breakable text="maximiliane.leutheusser@personal.example.com" />);
    const address = screen.getByText("maximiliane.leutheusser@personal.example.com");
    expect(pieces(address)).toEqual(["maximiliane.", "leutheusser@", "personal.", "example.", "com"]);
  });

  it("leaves a name without break points as it is", () => {
    render(<Breakable text="Talentschmiede Süd" />);
    expect(screen.getByText("Talentschmiede Süd").innerHTML).toBe("Talentschmiede Süd");
  });

  it("puts the values into a translated sentence, each breakable", () => {
    const sentence = withBreakables((v) => `Signed in as ${v.email} in ${v.team}.`, { email: "ab@c.de", team: "Nord.Ost" });
    const { container } = render(<p>{sentence}</p>);
    expect(container.textContent).toBe("Signed in as ab@c.de in Nord.Ost.");
    expect(container.querySelectorAll("wbr")).toHaveLength(3);
  });
});

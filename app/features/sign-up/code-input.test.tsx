// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createInstance } from "i18next";
import { useState } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import auth from "../../../locales/en/auth.json";
import { CodeInput } from "./code-input";

const i18n = createInstance();
void i18n.use(initReactI18next).init({ lng: "en", resources: { en: { auth } }, initAsync: false });

function Harness({ onCode }: { onCode: (code: string) => void }) {
  const [code, setCode] = useState("");
  return (
    <I18nextProvider i18n={i18n}>
      <CodeInput
        value={code}
        onChange={(next) => {
          setCode(next);
          onCode(next);
        }}
      />
    </I18nextProvider>
  );
}

const box = (n: number) => screen.getByRole("textbox", { name: `Digit ${n} of 6` });

describe("CodeInput", () => {
  afterEach(cleanup);

  it("moves to the next box per digit, also when a digit repeats the box's old value", () => {
    let code = "";
    render(<Harness onCode={(c) => (code = c)} />);
    for (const [i, key] of [..."112233"].entries()) fireEvent.keyDown(box(i + 1), { key });
    expect(code).toBe("112233");
    expect(document.activeElement).toBe(box(6));
    // Overwriting box 2 with the same digit keeps the code and moves on.
    fireEvent.keyDown(box(2), { key: "1" });
    expect(code).toBe("112233");
    expect(document.activeElement).toBe(box(3));
  });

  it("fills every box from a pasted code and ignores non-digits", () => {
    let code = "";
    render(<Harness onCode={(c) => (code = c)} />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => " 98-76 54 " } });
    expect(code).toBe("987654");
    expect([1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value).join("")).toBe("987654");
  });

  it("clears the previous box on Backspace in an empty box without shifting later digits", () => {
    let code = "";
    render(<Harness onCode={(c) => (code = c)} />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => "123456" } });
    fireEvent.keyDown(box(3), { key: "Backspace" });
    expect(code).toBe("12 456");
    fireEvent.keyDown(box(3), { key: "Backspace" });
    expect(code).toBe("1  456");
    expect(document.activeElement).toBe(box(2));
  });

  it("offers one-time-code autofill and a numeric keyboard", () => {
    render(<Harness onCode={() => {}} />);
    expect(box(1).getAttribute("autocomplete")).toBe("one-time-code");
    expect(box(4).getAttribute("inputmode")).toBe("numeric");
  });
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import de from "../../locales/de/common.json";
import en from "../../locales/en/common.json";
import { CopyField, ShownOnce } from "./copy-field";

const i18n = i18next.createInstance();
await i18n
  .use(initReactI18next)
  .init({ lng: "en", resources: { en: { common: en }, de: { common: de } }, interpolation: { escapeValue: false } });

function NewKey({ onDone = () => {} }: { onDone?: () => void }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ShownOnce title="Your key is ready." note="Copy it now." done="I have copied the key" onDone={onDone}>
        <CopyField label="Client ID" value="app-123" />
        <CopyField label="Your new API key" value="rcrm_secret" copyLabel="Copy key" />
      </ShownOnce>
    </I18nextProvider>
  );
}

describe("ShownOnce with CopyField", () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage("en");
  });

  it("shows each value in a field of its label, copies it on its button and closes on its last button", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const onDone = vi.fn();
    render(<NewKey onDone={onDone} />);
    expect(screen.getByRole("status").textContent).toContain("Copy it now.");
    expect((screen.getByLabelText("Your new API key", { exact: true }) as HTMLInputElement).value).toBe("rcrm_secret");
    // A copy button is named after its field unless the screen names it.
    fireEvent.click(screen.getByRole("button", { name: "Copy: Client ID" }));
    fireEvent.click(screen.getByRole("button", { name: "Copy key" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Copy key" }).textContent).toBe("Copied"));
    expect(writeText.mock.calls).toEqual([["app-123"], ["rcrm_secret"]]);
    fireEvent.click(screen.getByRole("button", { name: "I have copied the key" }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it("speaks German on a German page", async () => {
    await i18n.changeLanguage("de");
    render(<NewKey />);
    expect(screen.getByRole("button", { name: "Kopieren: Client ID" }).textContent).toBe("Kopieren");
  });
});

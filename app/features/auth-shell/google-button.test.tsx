// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import de from "../../../locales/de/auth.json";
import { GoogleButton } from "./google-button";

const i18n = createInstance();
void i18n.use(initReactI18next).init({ lng: "de", resources: { de: { auth: de } }, initAsync: false });

describe("GoogleButton", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says that Google is not set up when the server offers no Google sign-in", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ google: false }));
    render(
      <I18nextProvider i18n={i18n}>
        <GoogleButton onClick={() => {}} />
      </I18nextProvider>,
    );
    expect(await screen.findByText(/Die Anmeldung mit Google ist auf diesem Server nicht eingerichtet/)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Weiter mit Google" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

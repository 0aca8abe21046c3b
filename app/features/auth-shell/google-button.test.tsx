// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import de from "../../../locales/de/auth.json";

const i18n = createInstance();
void i18n.use(initReactI18next).init({ lng: "de", resources: { de: { auth: de } }, initAsync: false });

describe("GoogleButton", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  // The answer is kept per page load: each test loads the module afresh.
  const renderButton = async () => {
    vi.resetModules();
    const { GoogleButton } = await import("./google-button");
    return render(
      <I18nextProvider i18n={i18n}>
        <GoogleButton onClick={() => {}} divider="before" />
      </I18nextProvider>,
    );
  };

  it("shows nothing, not even the divider, when the server offers no Google sign-in", async () => {
    const asked = vi.fn(async () => Response.json({ google: false }));
    vi.stubGlobal("fetch", asked);
    const { container } = await renderButton();
    await waitFor(() => expect(asked).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(container.innerHTML).toBe("");
  });

  it("shows the button after the divider when the server offers Google sign-in", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ google: true }));
    await renderButton();
    expect(await screen.findByRole("button", { name: "Weiter mit Google" })).toBeTruthy();
    expect(screen.getByText("oder")).toBeTruthy();
  });
});

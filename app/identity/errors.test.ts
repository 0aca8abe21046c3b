import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import de from "../../locales/de/auth.json";
import en from "../../locales/en/auth.json";
import { authErrorMessage } from "./errors";

const i18n = createInstance();
void i18n.init({ lng: "de", resources: { en: { auth: en }, de: { auth: de } }, ns: ["auth"], defaultNS: "auth", initAsync: false });
const t = i18n.getFixedT("de", "auth");

describe("authErrorMessage", () => {
  it("translates a known code", () => {
    expect(authErrorMessage(t, { code: "invalid_otp", status: 400 }, "signUp.verification.invalidCode")).toBe(
      "Ungültiger Bestätigungscode",
    );
  });
  it("uses the screen's fallback for an unknown code, or one without an identity message, instead of the server's text", () => {
    expect(authErrorMessage(t, { code: "bad_request", status: 400, message: "Bad request" }, "signUp.credentials.error")).toBe(
      "Bei der Registrierung ist ein Fehler aufgetreten",
    );
    expect(authErrorMessage(t, { code: "SOMETHING_NEW", status: 400, message: "English text" }, "signUp.credentials.error")).toBe(
      "Bei der Registrierung ist ein Fehler aufgetreten",
    );
  });
  it("shows the catalogue's message for the codes the server maps the library's to", () => {
    expect(authErrorMessage(t, { code: "form_password_incorrect", status: 400 }, "signIn.error")).toBe(
      "Das Passwort ist falsch. Bitte versuchen Sie es erneut.",
    );
    expect(authErrorMessage(t, { code: "form_code_incorrect", status: 401 }, "signIn.error")).toBe(
      "Der Code ist falsch. Bitte versuchen Sie es erneut.",
    );
    expect(authErrorMessage(t, { code: "form_password_pwned", status: 400 }, "signIn.error")).toMatch(/Datenleck/);
    expect(authErrorMessage(t, { code: "form_username_invalid_length", status: 400 }, "signIn.error")).toBe(
      "Ein Benutzername hat 3 bis 30 Zeichen.",
    );
    expect(authErrorMessage(t, { code: "form_username_invalid_character", status: 400 }, "signIn.error")).toMatch(
      /nur Buchstaben, Ziffern/,
    );
    expect(authErrorMessage(t, { code: "form_identifier_exists__username", status: 400 }, "signIn.error")).toMatch(/vergeben/);
    expect(authErrorMessage(t, { code: "form_param_max_length_exceeded", status: 400 }, "signIn.error")).toMatch(/256 Zeichen/);
  });
  it("finds the catalogue's message when the screen translates with another namespace first (the security page)", () => {
    const security = createInstance();
    void security.init({
      lng: "en",
      resources: { en: { auth: en, security: { error: "Something went wrong" } } },
      ns: ["security", "auth"],
      defaultNS: "security",
      initAsync: false,
    });
    const st = security.getFixedT("en", ["security", "auth"]);
    expect(authErrorMessage(st as never, { code: "form_code_incorrect", status: 401 }, "security:error")).toBe(
      "The code is incorrect. Please try again.",
    );
    expect(authErrorMessage(st as never, { code: "NEVER_HEARD_OF", status: 400 }, "security:error")).toBe("Something went wrong");
  });
  it("says too many attempts for a 429 and names a network failure", () => {
    expect(authErrorMessage(t, { status: 429 }, "signIn.error")).toMatch(/^Zu viele Versuche/);
    expect(authErrorMessage(t, { status: 0 }, "signIn.error")).toMatch(/nicht erreichbar/);
  });
  it("has a German message for every English one", () => {
    const keys = (o: object, prefix = ""): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === "object" ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });
});

// @vitest-environment happy-dom
import { act, cleanup, configure, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import de from "../../../locales/de/contact.json";
import en from "../../../locales/en/contact.json";
import { createI18n } from "../../i18n/i18n";
import { ContactForm } from "./contact-form";

// The form loads its rules on the first submit or focus (a dynamic import), which can take seconds on
// a busy machine: the waits are bounds, not measurements (docs/decisions/141).
configure({ asyncUtilTimeout: 10_000 });

function renderForm(lang: "en" | "de" = "en") {
  const i18n = createI18n(lang, { en: { contact: en }, de: { contact: de } }, { ns: ["contact"] });
  return render(
    <I18nextProvider i18n={i18n}>
      <ContactForm />
    </I18nextProvider>,
  );
}

/** Stands in for the contact API; the site settings (asked once the form is touched) say the server asks for no proof of work. */
function mockFetch(impl: (url?: string, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal("fetch", (url: string, init?: RequestInit) =>
    url === "/api/site-config" ? Promise.resolve(json(200, { botProtection: false })) : fetchMock(url, init),
  );
  return fetchMock;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Name"), "  Ada Lovelace ");
  await user.type(screen.getByLabelText("E-mail"), "ada@example.com");
  await user.type(screen.getByLabelText(/Company/), "Analytical Engines");
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ContactForm", { timeout: 30_000 }, () => {
  it("starts idle with labelled fields, an email input and the send button", () => {
    renderForm();
    expect(screen.getByRole("form", { name: "Contact form" })).toBeTruthy();
    expect(screen.getByLabelText("E-mail").getAttribute("type")).toBe("email");
    expect(screen.getByLabelText(/Company/).textContent).toBe("");
    expect(screen.getByLabelText(/Message/).tagName).toBe("TEXTAREA");
    // The honeypot is invisible to assistive technology: four text fields are exposed.
    expect(screen.getAllByRole("textbox")).toHaveLength(4);
    expect(screen.getByRole("button", { name: "Send message" }).hasAttribute("disabled")).toBe(false);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("validates on submit, marks invalid fields, focuses the first and sends nothing", async () => {
    const fetchMock = mockFetch(async () => json(201, {}));
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText("Name"), "A");
    expect(screen.queryByText("Please enter your name (at least 2 characters)")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Send message" }));
    // The rules load with the first submit (or focus), so the errors appear a moment later.
    await screen.findByText("Please enter a valid email address");

    const name = screen.getByLabelText("Name");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(name.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Please enter your name (at least 2 characters)",
    );
    const email = screen.getByLabelText("E-mail");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Please enter a valid email address")).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("re-validates on every change once submitted", async () => {
    mockFetch(async () => json(201, {}));
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText("Please enter your name (at least 2 characters)")).toBeTruthy();
    await user.type(screen.getByLabelText("Name"), "Al");
    expect(screen.queryByText("Please enter your name (at least 2 characters)")).toBeNull();
    expect(screen.getByLabelText("Name").hasAttribute("aria-invalid")).toBe(false);
    await user.type(screen.getByLabelText("E-mail"), "al@");
    expect(screen.getByText("Please enter a valid email address")).toBeTruthy();
    await user.type(screen.getByLabelText("E-mail"), "example.com");
    expect(screen.queryByText("Please enter a valid email address")).toBeNull();
  });

  it("disables the button with a processing label while sending, then greets the sender by name", async () => {
    let answer!: (r: Response) => void;
    const fetchMock = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send message" }));

    const busy = screen.getByRole("button", { name: "Sending…" });
    expect(busy.hasAttribute("disabled")).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/send-contact");
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
    expect(new Headers(init.headers).get("x-language")).toBe("en");
    expect(JSON.parse(String(init.body))).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      company: "Analytical Engines",
      message: "",
      website: "",
    });

    await act(async () => answer(json(201, { id: "x" })));
    const heading = screen.getByRole("heading", { name: "Thank you, Ada Lovelace!" });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText("Your message is on its way.")).toBeTruthy();
    expect(screen.queryByRole("form")).toBeNull();
  });

  it("shows the server's message in a banner above the form and its field errors", async () => {
    mockFetch(async () => json(400, { message: "Please check the form", errors: { email: "This address was refused" } }));
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send message" }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Please check the form");
    expect(alert.compareDocumentPosition(screen.getByRole("form")) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText("This address was refused")).toBeTruthy();
    expect(screen.getByLabelText("Name")).toHaveProperty("value", "  Ada Lovelace ");
    expect(screen.getByRole("button", { name: "Send message" }).hasAttribute("disabled")).toBe(false);
  });

  it("falls back to 'Failed to submit form' when the error answer has no message", async () => {
    mockFetch(async () => new Response("Bad gateway", { status: 502 }));
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to submit form");
  });

  it("shows the connection error on a network failure and clears the banner when submitting again", async () => {
    const fetchMock = mockFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "We could not reach the server. Please check your connection and try again.",
    );

    fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
    fireEvent.submit(screen.getByRole("form"));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(await screen.findByRole("button", { name: "Sending…" })).toBeTruthy();
  });

  it("speaks German on German pages, including its messages", async () => {
    const fetchMock = mockFetch(async () => json(201, {}));
    const user = userEvent.setup();
    renderForm("de");
    await user.click(screen.getByRole("button", { name: "Nachricht senden" }));
    expect(screen.getByText("Bitte geben Sie Ihren Namen ein (mindestens 2 Zeichen)")).toBeTruthy();
    expect(screen.getByText("Bitte geben Sie eine gültige E-Mail-Adresse ein")).toBeTruthy();
    await user.type(screen.getByLabelText("Name"), "Jörg");
    await user.type(screen.getByLabelText("E-Mail"), "joerg@example.de");
    await user.click(screen.getByRole("button", { name: "Nachricht senden" }));
    expect(await screen.findByRole("heading", { name: "Vielen Dank, Jörg!" })).toBeTruthy();
    expect(new Headers((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers).get("x-language")).toBe("de");
  });
});

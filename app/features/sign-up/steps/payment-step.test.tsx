// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import billing from "../../../../locales/en/billing.json";
import common from "../../../../locales/en/common.json";

vi.mock("../../../identity/client", () => ({
  authClient: { useSession: () => ({ data: { user: { id: "u1", email: "ada@example.com", name: "Ada" } } }) },
}));

const { PaymentStep } = await import("./payment-step");

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({ lng: "en", resources: { en: { billing, common } }, interpolation: { escapeValue: false } });

function renderStep(onBack = () => {}, offer: "trial" | "paid" | "failed" = "trial") {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={["/en/sign-up"]}>
        <Routes>
          <Route path="/:lang/sign-up" element={<PaymentStep teamName="Compilers" offer={offer} onBack={onBack} />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("PaymentStep", () => {
  it("shows team, plan, trial, the price after it, the three benefits and the card note", () => {
    renderStep();
    expect(screen.getByText("Compilers")).toBeTruthy();
    expect(screen.getByText("Pro")).toBeTruthy();
    expect(screen.getByText("30 days free")).toBeTruthy();
    expect(screen.getByText("€39 per user / month, plus VAT")).toBeTruthy();
    for (const text of ["Create and manage unlimited teams", "Advanced team features", "Priority support"])
      expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Start 30-day trial" })).toBeTruthy();
    expect(screen.getByText("Your card will not be charged until the trial ends.")).toBeTruthy();
  });

  it("sends the checkout for the signed-in user and shows the server's error on the step", async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ message: "User must be authenticated to checkout" }), { status: 401 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderStep();
    await userEvent.click(screen.getByRole("button", { name: "Start 30-day trial" }));
    expect((await screen.findByRole("alert")).textContent).toBe("User must be authenticated to checkout");
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/create-checkout-session");
    expect(JSON.parse(String(init.body))).toEqual({
      userId: "u1",
      trial: true,
      teamName: "Compilers",
      planType: "pro",
    });
  });

  it("falls back to saying the server could not be reached without a message, and 'Payment process failed' when the network fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("oops", { status: 500 })),
    );
    renderStep();
    await userEvent.click(screen.getByRole("button", { name: "Start 30-day trial" }));
    expect((await screen.findByRole("alert")).textContent).toBe("We could not reach the server. Check your connection and try again.");
    cleanup();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    renderStep();
    await userEvent.click(screen.getByRole("button", { name: "Start 30-day trial" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Payment process failed");
  });

  it("goes back to the previous step", async () => {
    const onBack = vi.fn();
    renderStep(onBack);
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(onBack).toHaveBeenCalled();
  });

  it("offers a paid subscription, without a trial, to an account that had Pro before, and sends it so", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ message: "Payment process failed" }), { status: 502 }));
    vi.stubGlobal("fetch", fetchMock);
    renderStep(() => {}, "paid");
    expect(screen.getByRole("heading", { name: "Subscribe to Pro" })).toBeTruthy();
    expect(screen.getByText("None (already used)")).toBeTruthy();
    expect(screen.queryByText("30 days free")).toBeNull();
    expect(screen.getByText("Your card is charged when you confirm the checkout.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Subscribe to Pro" }));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ trial: false });
  });

  it("offers nothing to start when the offer could not be read", () => {
    renderStep(() => {}, "failed");
    expect(screen.getByRole("alert").textContent).toBe("Your subscription could not be checked. Please reload the page.");
    expect((screen.getByRole("button", { name: "Start 30-day trial" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

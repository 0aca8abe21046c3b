import type { Page } from "@playwright/test";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { signInAtGoogleAs, test, uniqueEmail } from "./accounts-support";
import { createUser, signInBrowser } from "./dashboard-support";
import { axeViolations, codeFromMail, expect } from "./fixtures";
import { snapshot } from "./snapshot";

const TEXTS = {
  en: {
    emails: "E-mail addresses",
    add: "Add e-mail address",
    address: "E-mail address",
    sendCode: "Send code",
    code: "Verification code",
    verify: "Verify",
    verified: (email: string) => `${email} has been verified.`,
    makePrimary: (email: string) => `Make ${email} primary`,
    primaryNotice: (email: string) => `${email} is now your primary address.`,
    primary: "Primary",
    connected: "Connected accounts",
    connect: "Connect Google",
    connectedNotice: "Google has been connected to your account.",
    disconnect: "Disconnect Google",
    disconnectTitle: "Disconnect account",
    confirmDisconnect: "Disconnect",
    disconnected: "Google has been disconnected.",
    none: "No accounts are connected.",
    wallets: "Web3 wallets",
    connectWallet: "Connect a wallet",
    walletConnected: /^The wallet 0x.{4}….{4} has been connected\.$/,
    useWallet: "Use a Web3 wallet",
    missingExtension: /No Web3 wallet was found in this browser/,
    missingIdentifier: /No account is connected to this wallet/,
  },
  de: {
    emails: "E-Mail-Adressen",
    add: "E-Mail-Adresse hinzufügen",
    address: "E-Mail-Adresse",
    sendCode: "Code senden",
    code: "Bestätigungscode",
    verify: "Bestätigen",
    verified: (email: string) => `${email} wurde bestätigt.`,
    makePrimary: (email: string) => `${email} als primär festlegen`,
    primaryNotice: (email: string) => `${email} ist jetzt Ihre primäre Adresse.`,
    primary: "Primär",
    connected: "Verbundene Konten",
    connect: "Google verbinden",
    connectedNotice: "Google wurde mit Ihrem Konto verbunden.",
    disconnect: "Google trennen",
    disconnectTitle: "Konto trennen",
    confirmDisconnect: "Trennen",
    disconnected: "Google wurde getrennt.",
    none: "Es sind keine Konten verbunden.",
    wallets: "Web3-Wallets",
    connectWallet: "Wallet verbinden",
    walletConnected: /^Die Wallet 0x.{4}….{4} wurde verbunden\.$/,
    useWallet: "Mit Web3-Wallet anmelden",
    missingExtension: /In diesem Browser wurde keine Web3-Wallet gefunden/,
    missingIdentifier: /Mit dieser Wallet ist kein Konto verbunden/,
  },
} as const;

/**
 * A browser wallet (EIP-1193) whose key is made in the test: the page asks it as it would ask
 * MetaMask, and it signs in the test process.
 */
async function installWallet(page: Page) {
  const wallet = privateKeyToAccount(generatePrivateKey());
  await page.exposeFunction("__walletSign", (hex: string) => wallet.signMessage({ message: { raw: hex as `0x${string}` } }));
  await page.addInitScript((address) => {
    const sign = (window as unknown as { __walletSign: (hex: string) => Promise<string> }).__walletSign;
    (window as unknown as { ethereum: unknown }).ethereum = {
      request: async ({ method, params }: { method: string; params?: unknown[] }) => {
        if (method === "eth_requestAccounts") return [address];
        if (method === "eth_chainId") return "0x1";
        if (method === "personal_sign") return sign(String(params?.[0]));
        throw Object.assign(new Error("unsupported"), { code: 4200 });
      },
    };
  }, wallet.address);
  return wallet;
}

test.describe("ways to sign in on the account page", () => {
  // Each test signs a user up (password hashing) and checks accessibility: generous on a busy machine.
  test.describe.configure({ timeout: 240_000 });

  for (const lang of ["en", "de"] as const) {
    const x = TEXTS[lang];

    test(`a second e-mail address is added, verified by its code and made primary (${lang}) @phone`, async ({ page, context }) => {
      const user = await createUser("Emma Addresses");
      await signInBrowser(context, user);
      await page.goto(`/${lang}/account`);
      const section = page.getByRole("region", { name: x.emails });
      await expect(section.getByText(user.email)).toBeVisible({ timeout: 60_000 });

      const second = uniqueEmail("second");
      await section.getByRole("button", { name: x.add }).click();
      await section.getByRole("textbox", { name: x.address }).fill(second);
      await section.getByRole("button", { name: x.sendCode }).click();
      const code = await codeFromMail(second);
      await section.getByRole("textbox", { name: x.code }).fill(code);
      // One Verify button while the code is typed, and nothing empties it.
      await expect(section.getByRole("button", { name: new RegExp(`^${x.verify}`) })).toHaveCount(1);
      await expect(section.getByRole("textbox", { name: x.code })).toHaveValue(code);
      await snapshot(page, `emails-code-${lang}`);
      await section.getByRole("button", { name: x.verify, exact: true }).click();
      await expect(section.getByRole("status")).toHaveText(x.verified(second));

      await section.getByRole("button", { name: x.makePrimary(second) }).click();
      await expect(section.getByRole("status")).toHaveText(x.primaryNotice(second));
      const first = section.getByRole("listitem").first();
      await expect(first).toContainText(second);
      await expect(first).toContainText(x.primary);
      // The user menu's address follows the session.
      const session = await (await page.request.get("/api/auth/get-session")).json();
      expect(session.user.email).toBe(second);
      expect(await axeViolations(page)).toEqual([]);
      await snapshot(page, `emails-primary-${lang}`);
    });

    test(`Google is connected to the account and disconnected again (${lang}) @phone`, async ({ page, context }) => {
      const user = await createUser("Gus Google");
      await signInBrowser(context, user);
      await signInAtGoogleAs(context, { email: uniqueEmail("g-link"), given_name: "Gus", family_name: "Google" });
      await page.goto(`/${lang}/account`);
      const section = page.getByRole("region", { name: x.connected });
      await expect(section.getByText(x.none)).toBeVisible({ timeout: 60_000 });
      await section.getByRole("button", { name: x.connect }).click();

      await expect(page).toHaveURL(new RegExp(`/${lang}/account$`));
      await expect(section.getByRole("status")).toHaveText(x.connectedNotice);
      await expect(section.getByRole("listitem")).toHaveCount(1);
      expect(await axeViolations(page)).toEqual([]);
      await snapshot(page, `connected-${lang}`);

      await section.getByRole("button", { name: x.disconnect }).click();
      const dialog = page.getByRole("dialog", { name: x.disconnectTitle });
      await dialog.getByRole("button", { name: x.confirmDisconnect, exact: true }).click();
      await expect(section.getByRole("status")).toHaveText(x.disconnected);
      await expect(section.getByText(x.none)).toBeVisible();
    });

    test(`a wallet is connected by signing, then signs in; without a wallet the page says so (${lang}) @phone`, async ({
      page,
      context,
    }) => {
      const user = await createUser("Walter Wallet");
      await signInBrowser(context, user);

      // No wallet extension: the sign-in page says what is missing.
      await page.goto(`/${lang}/sign-in?add=1`);
      await page.getByRole("button", { name: x.useWallet }).click();
      await expect(page.getByRole("alert")).toHaveText(x.missingExtension);

      await installWallet(page);
      await page.goto(`/${lang}/account`);
      const section = page.getByRole("region", { name: x.wallets });
      await section.getByRole("button", { name: x.connectWallet }).click();
      await expect(section.getByRole("status")).toHaveText(x.walletConnected);
      await expect(section.getByRole("listitem")).toHaveCount(1);
      expect(await axeViolations(page)).toEqual([]);
      await snapshot(page, `wallets-${lang}`);

      await context.clearCookies({ name: /session/ });
      await page.goto(`/${lang}/sign-in`);
      await page.getByRole("button", { name: x.useWallet }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard$`));
      const session = await (await page.request.get("/api/auth/get-session")).json();
      expect(session.user.id).toBe(user.id);
    });
  }

  test("a wallet connected to no account does not sign in @phone", async ({ page }) => {
    await installWallet(page);
    await page.goto("/de/sign-in");
    await page.getByRole("button", { name: TEXTS.de.useWallet }).click();
    await expect(page.getByRole("alert")).toHaveText(TEXTS.de.missingIdentifier);
    await snapshot(page, "wallet-sign-in-missing-de");
  });
});

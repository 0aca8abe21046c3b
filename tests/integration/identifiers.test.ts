import { randomUUID } from "node:crypto";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { parseSiweMessage } from "viem/siwe";
import { describe, expect, it } from "vitest";
import type { AccountIdentifiers, EmailAddressSummary, WalletChallenge } from "../../core/api.js";
import { SoftwareAuthenticator } from "../support/authenticator.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { serverWithMail } from "../support/mail-server.js";
import type { OidcIdentity } from "../support/oidc.js";
import { codeIn } from "../support/smtp.js";
import { json, type TestUser } from "./billing-support.js";

const PASSWORD = "correct horse battery";

/** The name=value pairs a response sets (cleared ones left out). */
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] as string)
    .filter((c) => !c.endsWith("="));
const del = (cookie: string): RequestInit => ({ method: "DELETE", headers: { cookie } });

describe.each(DATABASE_KINDS)("identifiers on %s", (kind) => {
  // Without sign-in by e-mailed code or link, a verified address is a way in only with a password,
  // so the last-identifier rule can be walked through each kind below.
  const started = serverWithMail(kind, { SIGN_IN_EMAIL_CODE: "off", SIGN_IN_EMAIL_LINK: "off" }, { oidc: true });

  const identifiers = async (cookie: string) =>
    (await (await started.server.fetch("/api/account/identifiers", { headers: { cookie } })).json()) as AccountIdentifiers;
  const address = () => `second-${randomUUID()}@example.com`;

  /** Adds an address and verifies it with the code mailed to it. */
  async function addVerified(user: { cookie: string }, email: string): Promise<EmailAddressSummary> {
    const added = await started.server.fetch("/api/account/emails", json({ email }, { cookie: user.cookie }));
    expect(added.status).toBe(201);
    const row = (await added.json()) as EmailAddressSummary;
    const code = codeIn(await started.smtp.waitFor(email));
    const verified = await started.server.fetch(`/api/account/emails/${row.id}/verify`, json({ code }, { cookie: user.cookie }));
    expect(verified.status).toBe(200);
    return row;
  }

  /** Fixture: the session was signed in 11 minutes ago and not verified since. */
  async function ageSession(cookie: string) {
    const token = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] as string;
    await started.server.db
      .updateTable("session")
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where("token", "=", token)
      .execute();
  }

  it("adds an address, verifies it by the mailed code, signs in with it, makes it primary and removes the old one", async () => {
    const user = await started.signIn("Erin Email");
    const second = address();
    const added = await started.server.fetch("/api/account/emails", json({ email: `  ${second.toUpperCase()} ` }, { cookie: user.cookie }));
    expect(added.status).toBe(201);
    const row = (await added.json()) as EmailAddressSummary;
    expect(row).toMatchObject({ email: second, primary: false, verified: false });

    // Unverified, it signs nobody in.
    const early = await started.server.fetch("/api/auth/sign-in/email", json({ email: second, password: PASSWORD }));
    expect(early.status).toBe(401);

    const code = codeIn(await started.smtp.waitFor(second));
    const wrong = await started.server.fetch(
      `/api/account/emails/${row.id}/verify`,
      json({ code: code === "000000" ? "111111" : "000000" }, { cookie: user.cookie }),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: "form_code_incorrect" });
    expect((await started.server.fetch(`/api/account/emails/${row.id}/verify`, json({ code }, { cookie: user.cookie }))).status).toBe(200);
    expect((await identifiers(user.cookie)).emails).toEqual([
      { id: "primary", email: user.email, primary: true, verified: true },
      { id: row.id, email: second, primary: false, verified: true },
    ]);

    // The password form accepts the verified further address.
    const signIn = await started.server.fetch("/api/auth/sign-in/email", json({ email: second, password: PASSWORD }));
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as { user: { id: string } }).user.id).toBe(user.id);

    expect((await started.server.fetch(`/api/account/emails/${row.id}/primary`, json({}, { cookie: user.cookie }))).status).toBe(200);
    const after = (await identifiers(user.cookie)).emails;
    expect(after[0]).toMatchObject({ id: "primary", email: second, primary: true, verified: true });
    expect(after[1]).toMatchObject({ email: user.email, primary: false, verified: true });
    const session = await (await started.server.fetch("/api/auth/get-session", { headers: { cookie: user.cookie } })).json();
    expect(session.user.email).toBe(second);

    // The primary address is never removed; the former one is.
    const primary = await started.server.fetch("/api/account/emails/primary", del(user.cookie));
    expect(primary.status).toBe(409);
    expect((await started.server.fetch(`/api/account/emails/${after[1]?.id}`, del(user.cookie))).status).toBe(200);
    expect((await identifiers(user.cookie)).emails.map((e) => e.email)).toEqual([second]);
    expect((await started.server.fetch("/api/auth/sign-in/email", json({ email: user.email, password: PASSWORD }))).status).toBe(401);
  });

  it("keeps an address to one account across primary and further addresses", async () => {
    const owner = await started.signIn("Olga Owner");
    const other = await started.signIn("Otto Other");

    // Another account's primary address, in any of its variants, and one's own.
    for (const email of [owner.email, owner.email.toUpperCase(), other.email]) {
      const res = await started.server.fetch("/api/account/emails", json({ email }, { cookie: other.cookie }));
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ code: "form_identifier_exists__email_address", message: expect.any(String) });
    }
    const malformed = await started.server.fetch("/api/account/emails", json({ email: "not-an-address" }, { cookie: other.cookie }));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: "form_param_format_invalid__email_address" });
    const german = await started.server.fetch("/api/account/emails", json({ email: "x@" }, { cookie: other.cookie, "x-language": "de" }));
    expect(((await german.json()) as { message: string }).message).toMatch(/E-Mail-Adresse/);

    // Two accounts may both wait for a code for one address; the first to verify it holds it.
    const shared = address();
    const mine = await started.server.fetch("/api/account/emails", json({ email: shared }, { cookie: owner.cookie }));
    const mineId = ((await mine.json()) as EmailAddressSummary).id;
    const mineCode = codeIn(await started.smtp.waitFor(shared));
    const theirs = await started.server.fetch("/api/account/emails", json({ email: shared }, { cookie: other.cookie }));
    const theirsId = ((await theirs.json()) as EmailAddressSummary).id;
    const theirsCode = codeIn(await started.smtp.waitFor(shared, (m) => !m.text.includes(mineCode)));
    expect(
      (await started.server.fetch(`/api/account/emails/${mineId}/verify`, json({ code: mineCode }, { cookie: owner.cookie }))).status,
    ).toBe(200);
    const late = await started.server.fetch(`/api/account/emails/${theirsId}/verify`, json({ code: theirsCode }, { cookie: other.cookie }));
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: "form_identifier_exists__email_address" });

    // A sign-up with the held address is answered as for an existing account, and its owner is told.
    const signUp = await started.server.fetch(
      "/api/auth/sign-up/email",
      json({ name: "Eve", email: shared, password: "another long password", legalConsent: true }),
    );
    expect(signUp.status).toBe(200);
    await started.smtp.waitFor(owner.email, (m) => m.to.includes(owner.email) && !/code/i.test(m.subject));
    expect(await started.server.db.selectFrom("user").select("id").where("email", "=", shared).executeTakeFirst()).toBeUndefined();

    // The database refuses it too, whichever table is written.
    await expect(
      started.server.db.updateTable("user").set({ email: shared, normalizedEmail: shared }).where("id", "=", other.id).execute(),
    ).rejects.toMatchObject({ code: "23505" });
    await expect(
      started.server.db
        .insertInto("user_email")
        .values({ id: randomUUID(), userId: owner.id, email: other.email, normalizedEmail: other.email, verifiedAt: new Date() })
        .execute(),
    ).rejects.toMatchObject({ code: "23505" });
  });

  it("needs a recently verified session to add, make primary and remove; never acts on another account's address", async () => {
    const user = await started.signIn("Rita Recent");
    const stranger = await started.signIn("Sam Stranger");
    const row = await addVerified(user, address());
    const strangers = [
      await started.server.fetch(`/api/account/emails/${row.id}/primary`, json({}, { cookie: stranger.cookie })),
      await started.server.fetch(`/api/account/emails/${row.id}`, del(stranger.cookie)),
      await started.server.fetch(`/api/account/emails/${row.id}/verify`, json({ code: "123456" }, { cookie: stranger.cookie })),
    ];
    for (const res of strangers) expect(res.status).toBe(404);

    await ageSession(user.cookie);
    for (const res of [
      await started.server.fetch("/api/account/emails", json({ email: address() }, { cookie: user.cookie })),
      await started.server.fetch(`/api/account/emails/${row.id}/primary`, json({}, { cookie: user.cookie })),
      await started.server.fetch(`/api/account/emails/${row.id}`, del(user.cookie)),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: "reverification" });
    }
    expect((await identifiers(user.cookie)).emails).toHaveLength(2);
  });

  /** Runs the browser's part of an OAuth redirect and returns the callback's answer. */
  async function throughProvider(start: Response, identity: OidcIdentity, cookie = "") {
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    const authorize = await fetch(url, { redirect: "manual", headers: { cookie: started.oidc.identityCookie(identity) } });
    const callback = authorize.headers.get("location") as string;
    const cookies = [cookie, ...cookiesOf(start)].filter(Boolean).join("; ");
    return started.server.fetch(callback.slice(started.server.url.length), { headers: { cookie: cookies } });
  }

  const googleIdentity = (name: string): OidcIdentity => ({
    email: `g-${name}-${randomUUID()}@example.com`,
    given_name: name,
    family_name: "Test",
  });

  async function connectGoogle(user: TestUser, identity: OidcIdentity) {
    const start = await started.server.fetch(
      "/api/auth/link-social",
      json(
        { provider: "google", callbackURL: "/en/account?connected=google", errorCallbackURL: "/en/account?connected=error" },
        { cookie: user.cookie },
      ),
    );
    return throughProvider(start, identity, user.cookie);
  }

  it("connects Google to an existing account, signs in with it, and disconnects it", async () => {
    const user = await started.signIn("Gina Google");
    // A Google account with another address than the account's.
    const identity = googleIdentity("gina");
    const back = await connectGoogle(user, identity);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/en/account?connected=google");
    const [google] = (await identifiers(user.cookie)).connectedAccounts;
    expect(google).toEqual({ id: expect.any(String), providerId: "google", createdAt: expect.any(String) });

    const start = await started.server.fetch("/api/auth/sign-in/social", json({ provider: "google", callbackURL: "/en/dashboard" }));
    const signIn = await throughProvider(start, identity);
    const cookie = cookiesOf(signIn).find((c) => c.includes("session_token=")) as string;
    const session = await (await started.server.fetch("/api/auth/get-session", { headers: { cookie } })).json();
    expect(session.user.id).toBe(user.id);

    // The same Google account cannot be connected to a second account.
    const other = await started.signIn("Oscar Other");
    const refused = await connectGoogle(other, identity);
    expect(refused.headers.get("location")).toMatch(/^\/en\/account\?connected=error.*error=/);

    // The password is no connected account to disconnect.
    const password = await started.server.db
      .selectFrom("account")
      .select("id")
      .where("userId", "=", user.id)
      .where("providerId", "=", "credential")
      .executeTakeFirstOrThrow();
    const credential = await started.server.fetch("/api/auth/unlink-account", json({ accountId: password.id }, { cookie: user.cookie }));
    expect(credential.status).toBe(400);
    // Nor can one account disconnect another's.
    const foreign = await started.server.fetch("/api/auth/unlink-account", json({ accountId: google?.id }, { cookie: other.cookie }));
    expect(foreign.status).toBe(400);
    const unlink = await started.server.fetch("/api/auth/unlink-account", json({ accountId: google?.id }, { cookie: user.cookie }));
    expect(unlink.status).toBe(200);
    expect((await identifiers(user.cookie)).connectedAccounts).toEqual([]);
    // Both are in the account's security log; the refused attempts are not.
    const log = await (await started.server.fetch("/api/account/security-events", { headers: { cookie: user.cookie } })).json();
    expect(log.items.map((e: { type: string; subject: string | null }) => `${e.type}:${e.subject}`)).toEqual([
      "connected_account_unlinked:google",
      "connected_account_linked:google",
    ]);
  });

  it("refuses to remove the last way to sign in, of every kind", async () => {
    // An account made with Google has no password: Google is its only way in.
    const identity = googleIdentity("last");
    const start = await started.server.fetch("/api/auth/sign-in/social", json({ provider: "google", callbackURL: "/en/dashboard" }));
    const made = await throughProvider(start, identity);
    const cookie = cookiesOf(made).find((c) => c.includes("session_token=")) as string;
    const userId = (await (await started.server.fetch("/api/auth/get-session", { headers: { cookie } })).json()).user.id as string;

    const [google] = (await identifiers(cookie)).connectedAccounts;
    const lastGoogle = await started.server.fetch(
      "/api/auth/unlink-account",
      json({ accountId: google?.id }, { cookie, "x-language": "de" }),
    );
    expect(lastGoogle.status).toBe(409);
    expect(await lastGoogle.json()).toMatchObject({ code: "identification_deletion_failed", message: expect.stringMatching(/Anmelde/) });

    // With a wallet as well, Google may go; then the wallet is the last.
    const wallet = privateKeyToAccount(generatePrivateKey());
    const connected = await connectWallet(cookie, wallet);
    expect(connected.status).toBe(201);
    const walletId = ((await connected.json()) as { id: string }).id;
    expect((await started.server.fetch("/api/auth/unlink-account", json({ accountId: google?.id }, { cookie }))).status).toBe(200);
    const lastWallet = await started.server.fetch(`/api/account/wallets/${walletId}`, del(cookie));
    expect(lastWallet.status).toBe(409);
    expect(await lastWallet.json()).toMatchObject({ code: "identification_deletion_failed" });

    // A passkey beside the wallet: the wallet goes, the passkey is then the last.
    const authenticator = new SoftwareAuthenticator(started.server.url);
    const options = await started.server.fetch("/api/auth/passkey/generate-register-options?name=Key", { headers: { cookie } });
    const registered = await started.server.fetch(
      "/api/auth/passkey/verify-registration",
      json({ response: authenticator.register(await options.json()), name: "Key" }, { cookie: [cookie, ...cookiesOf(options)].join("; ") }),
    );
    expect(registered.status).toBe(200);
    expect((await started.server.fetch(`/api/account/wallets/${walletId}`, del(cookie))).status).toBe(200);
    const [passkey] = await started.server.db.selectFrom("passkey").select("id").where("userId", "=", userId).execute();
    const lastPasskey = await started.server.fetch("/api/auth/passkey/delete-passkey", json({ id: passkey?.id }, { cookie }));
    expect(lastPasskey.status).toBe(409);
    expect(await lastPasskey.json()).toMatchObject({ code: "identification_deletion_failed" });

    // A verified address signs in once the account has a password; then the passkey may go,
    // and a further verified address may go while the primary one stays.
    expect((await started.server.fetch("/api/account/password", json({ newPassword: "a long new password 7" }, { cookie }))).status).toBe(
      200,
    );
    expect((await started.server.fetch("/api/auth/passkey/delete-passkey", json({ id: passkey?.id }, { cookie }))).status).toBe(200);
    const further = await addVerified({ cookie }, address());
    expect((await started.server.fetch(`/api/account/emails/${further.id}`, del(cookie))).status).toBe(200);
  });

  /** Connects a wallet to the signed-in account: the server's message, signed by the wallet's key. */
  async function connectWallet(cookie: string, wallet: ReturnType<typeof privateKeyToAccount>) {
    const challenge = await started.server.fetch(
      "/api/account/wallets/challenge",
      json({ address: wallet.address, chainId: 1 }, { cookie }),
    );
    expect(challenge.status).toBe(200);
    const { message, nonce } = (await challenge.json()) as WalletChallenge;
    const signature = await wallet.signMessage({ message });
    return started.server.fetch("/api/account/wallets", json({ nonce, signature }, { cookie }));
  }

  async function walletSignIn(wallet: ReturnType<typeof privateKeyToAccount>, sign = (message: string) => wallet.signMessage({ message })) {
    const challenge = await started.server.fetch("/api/auth/sign-in/wallet/challenge", json({ address: wallet.address.toLowerCase() }));
    expect(challenge.status).toBe(200);
    const { message, nonce } = (await challenge.json()) as WalletChallenge;
    return {
      message,
      nonce,
      answer: await started.server.fetch("/api/auth/sign-in/wallet", json({ nonce, signature: await sign(message) })),
    };
  }

  it("connects a wallet by Sign-In with Ethereum and signs in with it; never creates an account", async () => {
    const user = await started.signIn("Wanda Wallet");
    const wallet = privateKeyToAccount(generatePrivateKey());

    // Not connected yet: no account, and none is made.
    const unknown = await walletSignIn(wallet);
    expect(unknown.answer.status).toBe(400);
    expect(await unknown.answer.json()).toMatchObject({ code: "web3_missing_identifier", message: expect.any(String) });
    expect(cookiesOf(unknown.answer).some((c) => c.includes("session_token="))).toBe(false);

    const connected = await connectWallet(user.cookie, wallet);
    expect(connected.status).toBe(201);
    expect((await identifiers(user.cookie)).wallets).toEqual([
      { id: expect.any(String), address: wallet.address, createdAt: expect.any(String) },
    ]);

    const { message, nonce, answer } = await walletSignIn(wallet);
    // EIP-4361 message for this site with the nonce handed out.
    const fields = parseSiweMessage(message);
    expect(fields).toMatchObject({
      domain: new URL(started.server.url).host,
      uri: new URL(started.server.url).origin,
      nonce,
      version: "1",
    });
    expect(fields.address).toBe(wallet.address);
    expect(answer.status).toBe(200);
    const cookie = cookiesOf(answer).find((c) => c.includes("session_token=")) as string;
    const session = await (await started.server.fetch("/api/auth/get-session", { headers: { cookie } })).json();
    expect(session.user.id).toBe(user.id);

    // A nonce answers once.
    const replay = await started.server.fetch(
      "/api/auth/sign-in/wallet",
      json({ nonce, signature: await wallet.signMessage({ message }) }),
    );
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ code: "web3_signature_invalid" });

    // Another key's signature, or a signature over another message, is refused.
    const thief = privateKeyToAccount(generatePrivateKey());
    const forged = await walletSignIn(wallet, (m) => thief.signMessage({ message: m }));
    expect(forged.answer.status).toBe(400);
    const altered = await walletSignIn(wallet, (m) => wallet.signMessage({ message: m.replace("Nonce", "nonce") }));
    expect(altered.answer.status).toBe(400);

    // A wallet belongs to one account.
    const other = await started.signIn("Otis Other");
    const taken = await connectWallet(other.cookie, wallet);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ code: "form_identifier_exists__web3_wallet" });

    // A connect challenge is the asking account's: another account cannot answer it.
    const challenge = await started.server.fetch(
      "/api/account/wallets/challenge",
      json({ address: thief.address }, { cookie: user.cookie }),
    );
    const theirs = (await challenge.json()) as WalletChallenge;
    const hijack = await started.server.fetch(
      "/api/account/wallets",
      json({ nonce: theirs.nonce, signature: await thief.signMessage({ message: theirs.message }) }, { cookie: other.cookie }),
    );
    expect(hijack.status).toBe(400);

    // Removing it ends wallet sign-in; another account cannot remove it.
    const [row] = (await identifiers(user.cookie)).wallets;
    expect((await started.server.fetch(`/api/account/wallets/${row?.id}`, del(other.cookie))).status).toBe(404);
    expect((await started.server.fetch(`/api/account/wallets/${row?.id}`, del(user.cookie))).status).toBe(200);
    expect((await walletSignIn(wallet)).answer.status).toBe(400);

    const bad = await started.server.fetch("/api/auth/sign-in/wallet/challenge", json({ address: "0x1234" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "web3_address_invalid" });
  });

  it("answers 401 to a visitor on every identifier route before reading the body", async () => {
    for (const [method, path] of [
      ["GET", "/api/account/identifiers"],
      ["POST", "/api/account/emails"],
      ["POST", "/api/account/emails/x/code"],
      ["POST", "/api/account/emails/x/verify"],
      ["POST", "/api/account/emails/x/primary"],
      ["DELETE", "/api/account/emails/x"],
      ["POST", "/api/account/wallets/challenge"],
      ["POST", "/api/account/wallets"],
      ["DELETE", "/api/account/wallets/x"],
      ["POST", "/api/auth/link-social"],
      ["POST", "/api/auth/unlink-account"],
    ] as const) {
      const res = await started.server.fetch(path, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "GET" ? undefined : "{not json",
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});

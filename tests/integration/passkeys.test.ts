import { describe, expect, it } from "vitest";
import type { AccountSecurity } from "../../core/api.js";
import { SoftwareAuthenticator } from "../support/authenticator.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { serverWithMail } from "../support/mail-server.js";
import { json, type TestUser } from "./billing-support.js";

const PASSWORD = "correct horse battery";
const A = "/api/auth/passkey";

/** The cookies a response sets, as a Cookie header part (cleared ones left out). */
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] as string)
    .filter((c) => !c.endsWith("="));
const withCookies = (...parts: (string | string[])[]) => parts.flat().filter(Boolean).join("; ");

describe.each(DATABASE_KINDS)("passkeys on %s", (kind) => {
  const started = serverWithMail(kind);

  const security = async (cookie: string) =>
    (await (await started.server.fetch("/api/account/security", { headers: { cookie } })).json()) as AccountSecurity;

  /** Fixture: the session was signed in 11 minutes ago and not verified since. */
  async function ageSession(cookie: string) {
    const token = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] as string;
    const old = new Date(Date.now() - 11 * 60 * 1000);
    await started.server.db.updateTable("session").set({ createdAt: old }).where("token", "=", token).execute();
  }

  async function expectReverification(res: Response) {
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "reverification" });
  }

  /** Registers a passkey for the user through the real ceremony; returns the answer. */
  async function register(user: TestUser, authenticator: SoftwareAuthenticator, name: string) {
    const options = await started.server.fetch(`${A}/generate-register-options?name=${encodeURIComponent(name)}`, {
      headers: { cookie: user.cookie },
    });
    expect(options.status).toBe(200);
    const body = (await options.json()) as { challenge: string; rp: { id: string }; authenticatorSelection: Record<string, string> };
    const cookie = withCookies(user.cookie, cookiesOf(options));
    return {
      options: body,
      answer: await started.server.fetch(`${A}/verify-registration`, json({ response: authenticator.register(body), name }, { cookie })),
    };
  }

  /** Signs in with the passkey as a visitor would: the challenge, then the signed answer. */
  async function signIn(authenticator: SoftwareAuthenticator, opts: { userVerified?: boolean } = {}) {
    const options = await started.server.fetch(`${A}/generate-authenticate-options`);
    expect(options.status).toBe(200);
    const body = (await options.json()) as { challenge: string };
    return started.server.fetch(
      `${A}/verify-authentication`,
      json({ response: authenticator.authenticate(body, opts) }, { cookie: withCookies(cookiesOf(options)) }),
    );
  }

  it("registers a passkey for the site at BASE_URL, lists it with its dates and signs in with it", async () => {
    const user = await started.signIn("Paula Passkey");
    const authenticator = new SoftwareAuthenticator(started.server.url);
    const { options, answer } = await register(user, authenticator, "Work laptop");
    expect(answer.status).toBe(200);
    expect(options.rp.id).toBe(new URL(started.server.url).hostname);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });

    const [listed] = (await security(user.cookie)).passkeys;
    expect(listed).toMatchObject({ name: "Work laptop", lastUsedAt: null });
    expect(Date.parse(listed?.createdAt ?? "")).toBeGreaterThan(Date.now() - 60_000);

    const signedIn = await signIn(authenticator);
    expect(signedIn.status).toBe(200);
    const cookie = cookiesOf(signedIn).find((c) => c.includes("session_token=")) as string;
    expect(cookie).toBeTruthy();
    expect(((await signedIn.json()) as { user: { id: string } }).user.id).toBe(user.id);
    const after = (await security(cookie)).passkeys.find((p) => p.name === "Work laptop");
    expect(Date.parse(after?.lastUsedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
  });

  it("counts a passkey as both factors: no second step after it, but it must prove its holder", async () => {
    const user = await started.signIn("Tom Twostep");
    const authenticator = new SoftwareAuthenticator(started.server.url);
    expect((await register(user, authenticator, "Phone")).answer.status).toBe(200);
    await started.server.db.updateTable("user").set({ twoFactorEnabled: true }).where("id", "=", user.id).execute();

    // The password alone now leads to the second step ...
    const password = await started.server.fetch("/api/auth/sign-in/email", json({ email: user.email, password: PASSWORD }));
    expect(await password.json()).toMatchObject({ twoFactorRedirect: true });
    // ... the passkey signs in at once.
    const passkey = await signIn(authenticator);
    expect(passkey.status).toBe(200);
    expect(await passkey.json()).not.toHaveProperty("twoFactorRedirect");

    // A passkey used without its PIN or biometrics (only presence) is refused.
    const presenceOnly = await signIn(authenticator, { userVerified: false });
    expect(presenceOnly.status).toBe(401);
    expect(await presenceOnly.json()).toMatchObject({ code: "passkey_authentication_failed" });
    expect(cookiesOf(presenceOnly).some((c) => c.includes("session_token="))).toBe(false);
  });

  it("refuses an unknown passkey and an answer without its challenge", async () => {
    const stranger = new SoftwareAuthenticator(started.server.url);
    const unknown = await signIn(stranger);
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ code: "passkey_not_found" });

    const noChallenge = await started.server.fetch(
      `${A}/verify-authentication`,
      json({ response: stranger.authenticate({ challenge: "x" }) }),
    );
    expect(noChallenge.status).toBe(400);
    expect(await noChallenge.json()).toMatchObject({ code: "passkey_timed_out" });
  });

  it("needs a recently verified session to add or remove a passkey; renaming needs only a session; others' passkeys stay untouched", async () => {
    const user = await started.signIn("Rita Rename");
    const other = await started.signIn("Otto Other");
    const authenticator = new SoftwareAuthenticator(started.server.url);
    expect((await register(user, authenticator, "Tablet")).answer.status).toBe(200);
    const id = (await security(user.cookie)).passkeys[0]?.id as string;

    // Someone else's session can neither rename nor remove it.
    for (const path of ["update-passkey", "delete-passkey"]) {
      const res = await started.server.fetch(`${A}/${path}`, json({ id, name: "Mine now" }, { cookie: other.cookie }));
      expect(res.status).toBe(401);
    }

    await ageSession(user.cookie);
    await expectReverification(
      await started.server.fetch(`${A}/generate-register-options?name=Second`, { headers: { cookie: user.cookie } }),
    );
    await expectReverification(
      await started.server.fetch(`${A}/verify-registration`, json({ response: {}, name: "Second" }, { cookie: user.cookie })),
    );
    await expectReverification(await started.server.fetch(`${A}/delete-passkey`, json({ id }, { cookie: user.cookie })));

    const rename = await started.server.fetch(`${A}/update-passkey`, json({ id, name: "Kitchen tablet" }, { cookie: user.cookie }));
    expect(rename.status).toBe(200);
    expect((await security(user.cookie)).passkeys.map((p) => p.name)).toEqual(["Kitchen tablet"]);

    const verify = await started.server.fetch("/api/account/reverification", json({ answer: PASSWORD }, { cookie: user.cookie }));
    expect(verify.status).toBe(200);
    expect((await started.server.fetch(`${A}/delete-passkey`, json({ id }, { cookie: user.cookie }))).status).toBe(200);
    expect((await security(user.cookie)).passkeys).toEqual([]);
    // Removed, it signs nobody in.
    expect((await signIn(authenticator)).status).toBe(401);
    // Adding and removing it are in the account's security log; the refused attempts and the renaming are not.
    const log = await (await started.server.fetch("/api/account/security-events", { headers: { cookie: user.cookie } })).json();
    expect(log.items.map((e: { type: string }) => e.type)).toEqual(["passkey_removed", "passkey_added"]);
  });
});

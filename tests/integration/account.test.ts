import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { json, type Smtp, signedInUser, type TestUser } from "./billing-support.js";

const PASSWORD = "correct horse battery";
/** The smallest GIF: one transparent pixel. */
const GIF_1X1 = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const CHROME_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

/** Cookies a browser would keep for the site: every Set-Cookie answered so far, by name. */
class CookieJar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const header of res.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const [name = "", value = ""] = pair.split("=");
      if (/max-age=0/i.test(header) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
  get header() {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join("; ");
  }
}

describe.each(DATABASE_KINDS)("account area on %s", (kind) => {
  let smtp: Smtp;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, { SMTP_URL: smtp.url, MAIL_FROM: "CRM <no-reply@example.com>" });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const update = (user: TestUser, body: Record<string, unknown>) =>
    server.fetch("/api/auth/update-user", json(body, { cookie: user.cookie }));
  const sessionOf = async (cookie: string) => (await server.fetch("/api/auth/get-session", { headers: { cookie } })).json();
  const signIn = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    server.fetch(`/api/auth/sign-in/${"username" in body ? "username" : "email"}`, json(body, headers));

  describe("profile names and username", () => {
    it("stores names trimmed, requires a first name and refuses more than 256 characters", async () => {
      const user = await signedInUser(server, smtp, "Ada Lovelace");
      expect((await update(user, { firstName: "  Augusta Ada ", lastName: " King " })).status).toBe(200);
      const row = await server.db
        .selectFrom("user")
        .select(["firstName", "lastName", "name"])
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ firstName: "Augusta Ada", lastName: "King", name: "Augusta Ada King" });
      const blank = await update(user, { firstName: "   ", lastName: "King" });
      expect(blank.status).toBe(400);
      expect((await blank.json()).code).toBe("first_name_required");
      expect((await update(user, { firstName: "A".repeat(257), lastName: "" })).status).toBe(400);
      expect((await update(user, { firstName: "A".repeat(256), lastName: "" })).status).toBe(200);
    });

    it("accepts 3 to 30 letters, digits and underscores and refuses anything else", async () => {
      const user = await signedInUser(server, smtp);
      for (const [username, code] of [
        ["ab", "form_username_invalid_length"],
        ["a".repeat(31), "form_username_invalid_length"],
        ["ada.lovelace", "form_username_invalid_character"],
        ["ada-lovelace", "form_username_invalid_character"],
        ["adä", "form_username_invalid_character"],
      ]) {
        const res = await update(user, { username });
        expect({ username, status: res.status, code: (await res.json()).code }).toEqual({ username, status: 400, code });
      }
      expect((await update(user, { username: `Ada_${kind}_1815` })).status).toBe(200);
      const row = await server.db
        .selectFrom("user")
        .select(["username", "displayUsername"])
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ username: `ada_${kind}_1815`, displayUsername: `Ada_${kind}_1815` });
    });

    it("keeps usernames unique whatever their case, and signs in by username where an e-mail address is taken", async () => {
      const ada = await signedInUser(server, smtp);
      const mallory = await signedInUser(server, smtp);
      expect((await update(ada, { username: `lovelace_${kind}` })).status).toBe(200);
      const taken = await update(mallory, { username: `LOVELACE_${kind}` });
      expect(taken.status).toBe(400);
      expect((await taken.json()).code).toBe("form_identifier_exists__username");

      const byName = await signIn({ username: `Lovelace_${kind}`, password: PASSWORD });
      expect(byName.status).toBe(200);
      expect((await byName.json()).user.id).toBe(ada.id);
      const wrong = await signIn({ username: `lovelace_${kind}`, password: "wrong password" });
      expect(wrong.status).toBe(401);
      expect((await wrong.json()).code).toBe("invalid_username_or_password");
    });
  });

  describe("profile image", () => {
    const upload = (user: TestUser, body: BodyInit, type = "application/octet-stream") =>
      server.fetch("/api/account/image", { method: "PUT", headers: { cookie: user.cookie, "content-type": type }, body });

    it("takes a 1x1 GIF, re-encodes it as a square WebP and serves it under its hash for good", async () => {
      const user = await signedInUser(server, smtp);
      const res = await upload(user, GIF_1X1, "image/gif");
      expect(res.status).toBe(200);
      const { image } = (await res.json()) as { image: string };
      expect(image).toMatch(/^\/api\/images\/[0-9a-f]{64}\.webp$/);
      expect((await sessionOf(user.cookie)).user.image).toBe(image);

      const served = await server.fetch(image);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: "webp", width: 256, height: 256 });
      const etag = served.headers.get("etag") ?? "";
      expect((await server.fetch(image, { headers: { "if-none-match": etag } })).status).toBe(304);

      // Removing it clears the profile and deletes the stored picture nobody else uses.
      const removed = await server.fetch("/api/account/image", { method: "DELETE", headers: { cookie: user.cookie } });
      expect(await removed.json()).toEqual({ image: null });
      expect((await sessionOf(user.cookie)).user.image).toBeNull();
      expect((await server.fetch(image)).status).toBe(404);
    });

    it("refuses 10 MB and one byte before reading it, and a text file named and typed as a picture", async () => {
      const user = await signedInUser(server, smtp);
      const tooLarge = await upload(user, new Uint8Array(10 * 1024 * 1024 + 1), "image/png");
      expect(tooLarge.status).toBe(413);
      expect(await tooLarge.json()).toEqual({ message: "The image must be smaller than 10 MB.", code: "image_too_large" });
      const text = await upload(user, new Blob(["just some text, renamed to photo.png"], { type: "image/png" }), "image/png");
      expect(text.status).toBe(400);
      expect((await text.json()).message).toBe("Choose a JPG, PNG, GIF or WEBP image.");
      // Any other picture address is refused: the page shows only stored images.
      expect((await update(user, { image: "https://tracker.example/pixel.png" })).status).toBe(400);
      expect((await sessionOf(user.cookie)).user.image).toBeNull();
    });

    it("answers unknown images with 404", async () => {
      expect((await server.fetch(`/api/images/${"0".repeat(64)}.webp`)).status).toBe(404);
      expect((await server.fetch("/api/images/not-a-hash.webp")).status).toBe(404);
    });
  });

  describe("active devices", () => {
    it("lists every session with browser and system, marks this one, never hands out tokens, and signs devices out", async () => {
      const user = await signedInUser(server, smtp);
      const mac = (await signIn({ email: user.email, password: PASSWORD }, { "user-agent": CHROME_MAC })).headers.get("set-cookie") ?? "";
      const win =
        (await signIn({ email: user.email, password: PASSWORD }, { "user-agent": FIREFOX_WINDOWS })).headers.get("set-cookie") ?? "";
      const macCookie = mac.split(";")[0] as string;
      const winCookie = win.split(";")[0] as string;

      const res = await server.fetch("/api/account/devices", { headers: { cookie: macCookie } });
      expect(res.status).toBe(200);
      const text = await res.text();
      const { devices } = JSON.parse(text) as {
        devices: { id: string; browser: string; os: string; current: boolean; ipAddress: string }[];
      };
      // Verifying the address signed in too: four sessions in all.
      expect(devices).toHaveLength(4);
      expect(devices[0]).toMatchObject({ browser: "Chrome 131", os: "macOS Catalina", current: true, ipAddress: "127.0.0.1" });
      expect(devices.filter((d) => d.current)).toHaveLength(1);
      expect(devices.find((d) => d.browser === "Firefox 133")).toMatchObject({ os: "Windows 10", current: false });
      const tokens = await server.db.selectFrom("session").select("token").where("userId", "=", user.id).execute();
      for (const { token } of tokens) expect(text).not.toContain(token);

      const firefox = devices.find((d) => d.browser === "Firefox 133")?.id as string;
      const out = await server.fetch("/api/account/devices/sign-out", json({ id: firefox }, { cookie: macCookie }));
      expect(out.status).toBe(200);
      expect(await sessionOf(winCookie)).toBeNull();
      expect((await sessionOf(macCookie)).user.id).toBe(user.id);

      const others = await server.fetch("/api/account/devices/sign-out-others", { method: "POST", headers: { cookie: macCookie } });
      expect(await others.json()).toEqual({ signedOut: 2 });
      expect(await sessionOf(user.cookie)).toBeNull();
      const left = await (await server.fetch("/api/account/devices", { headers: { cookie: macCookie } })).json();
      expect(left.devices).toHaveLength(1);
    });

    it("refuses to sign out another user's session with 404 and leaves it signed in", async () => {
      const ada = await signedInUser(server, smtp);
      const mallory = await signedInUser(server, smtp);
      const adaSession = await server.db.selectFrom("session").select("id").where("userId", "=", ada.id).executeTakeFirstOrThrow();
      const res = await server.fetch("/api/account/devices/sign-out", json({ id: adaSession.id }, { cookie: mallory.cookie }));
      expect(res.status).toBe(404);
      expect(typeof (await res.json()).message).toBe("string");
      expect((await sessionOf(ada.cookie)).user.id).toBe(ada.id);
      expect(
        (await server.fetch("/api/account/devices/sign-out", json({ id: "no-such-session" }, { cookie: mallory.cookie }))).status,
      ).toBe(404);
    });
  });

  describe("several accounts in one browser", () => {
    it("adds a second account, switches, signs out of one (the other becomes active) and of all", async () => {
      const ada = await signedInUser(server, smtp);
      const grace = await signedInUser(server, smtp);
      const jar = new CookieJar();
      jar.take(await signIn({ email: ada.email, password: PASSWORD }));
      jar.take(await signIn({ email: grace.email, password: PASSWORD }, { cookie: jar.header }));
      expect((await sessionOf(jar.header)).user.id).toBe(grace.id);

      const list = async () =>
        (await (await server.fetch("/api/auth/multi-session/list-device-sessions", { headers: { cookie: jar.header } })).json()) as {
          session: { token: string };
          user: { id: string };
        }[];
      const accounts = await list();
      expect(accounts.map((a) => a.user.id).sort()).toEqual([ada.id, grace.id].sort());

      const adaToken = accounts.find((a) => a.user.id === ada.id)?.session.token;
      jar.take(await server.fetch("/api/auth/multi-session/set-active", json({ sessionToken: adaToken }, { cookie: jar.header })));
      expect((await sessionOf(jar.header)).user.id).toBe(ada.id);

      // Signing out of the active account leaves the other one signed in and active.
      jar.take(await server.fetch("/api/auth/multi-session/revoke", json({ sessionToken: adaToken }, { cookie: jar.header })));
      expect((await sessionOf(jar.header)).user.id).toBe(grace.id);

      jar.take(await signIn({ email: ada.email, password: PASSWORD }, { cookie: jar.header }));
      expect(await list()).toHaveLength(2);
      jar.take(await server.fetch("/api/auth/sign-out", json({}, { cookie: jar.header })));
      expect(await sessionOf(jar.header)).toBeNull();
      const rows = await server.db
        .selectFrom("session")
        .select("userId")
        .where(
          "token",
          "in",
          accounts.map((a) => a.session.token),
        )
        .execute();
      expect(rows).toEqual([]);
    });

    it("refuses to sign in again to an account this browser is signed in to (session_exists), by address or username", async () => {
      const ada = await signedInUser(server, smtp);
      const grace = await signedInUser(server, smtp);
      const username = `grace_${kind}_${grace.id.slice(0, 6)}`;
      expect((await update(grace, { username })).status).toBe(200);
      const jar = new CookieJar();
      jar.take(await signIn({ email: ada.email, password: PASSWORD }));
      jar.take(await signIn({ username, password: PASSWORD }, { cookie: jar.header }));
      const before = await server.db.selectFrom("session").select("token").where("userId", "in", [ada.id, grace.id]).execute();

      // Ada through the switcher's cookie, Grace through the active one; the password is not even needed.
      for (const body of [
        { email: ada.email.toUpperCase(), password: PASSWORD },
        { username: username.toUpperCase(), password: "wrong password" },
      ]) {
        const res = await signIn(body, { cookie: jar.header });
        expect(res.status).toBe(409);
        expect(await res.json()).toMatchObject({ code: "session_exists" });
        expect(res.headers.getSetCookie()).toEqual([]);
      }
      const after = await server.db.selectFrom("session").select("token").where("userId", "in", [ada.id, grace.id]).execute();
      expect(after).toHaveLength(before.length);
      // Another browser, or a forged cookie, is not refused.
      expect((await signIn({ email: ada.email, password: PASSWORD })).status).toBe(200);
      expect(
        (await signIn({ email: ada.email, password: PASSWORD }, { cookie: jar.header.replace(/\.[^;.]+(;|$)/g, ".forged$1") })).status,
      ).toBe(200);
    });

    it("answers a visitor's device list with 401, not an empty list", async () => {
      const res = await server.fetch("/api/auth/multi-session/list-device-sessions");
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "You need to be signed in", code: "unauthorized" });
    });
  });
});

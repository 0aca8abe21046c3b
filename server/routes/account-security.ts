import { Hono } from "hono";
import { z } from "zod";
import { deleteAccountBody, firstPasswordBody, reverificationBody } from "../../core/api/account.js";
import type { AccountSecurity } from "../../core/api.js";
import { deleteAccount } from "../account/delete-account.js";
import { listSecurityEvents, recordsSecurityEvent } from "../account/security-log.js";
import type { Auth } from "../auth/auth.js";
import { PASSWORD_ERRORS, type PasswordChecker } from "../auth/password-policy.js";
import {
  hasPassword,
  isRecentlyVerified,
  type ReverificationDeps,
  requireRecentVerification,
  reverificationMethod,
  reverify,
  sendReverificationCode,
} from "../auth/reverification.js";
import { requireSession, type SessionEnv } from "../auth/session.js";
import type { Config } from "../config.js";
import { domainOf } from "../contact/submit-contact.js";
import type { DB } from "../db/database.js";
import { assertNotManaged } from "../enterprise/managed-accounts.js";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { readBody } from "../http/json-body.js";
import { rateLimit } from "../http/rate-limit.js";
import type { KeyValueStore } from "../kv.js";
import type { SendMail } from "../mail/transport.js";
import { hasAuthenticator } from "../phone/phone-numbers.js";

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export interface AccountSecurityDeps {
  auth: Auth;
  db: DB;
  /** Keys the address hashes of the security log. */
  secret: string;
  sendMail: SendMail;
  passwords: PasswordChecker;
  config: Pick<Config, "RATE_LIMIT" | "BASE_URL" | "MAIL_FROM">;
  kv?: KeyValueStore;
  /** The mail outbox's delivery, woken for the goodbye mail. */
  outbox?: { wake(): void };
}

/** The security page's own calls: its state, reverification, a first password and account deletion. */
export function accountSecurityRoutes(deps: AccountSecurityDeps) {
  const { auth, db } = deps;
  const app = new Hono<AppEnv & SessionEnv>();
  const reverification: ReverificationDeps = { auth, db, sendMail: deps.sendMail };
  const recent = requireRecentVerification(reverification);
  const limited = (name: string) =>
    rateLimit({ name, limit: 5, windowSeconds: 60, enabled: deps.config.RATE_LIMIT, kv: deps.kv, code: "reverificationTooManyRequests" });

  app.get("/api/account/security", requireSession(auth), async (c) => {
    const { session } = c.var;
    const body: AccountSecurity = {
      hasPassword: await hasPassword(db, session.user.id),
      // The authenticator app; text message codes are listed with the phone numbers.
      twoFactorEnabled: await hasAuthenticator(db, session.user.id),
      reverification: await reverificationMethod(db, session.user.id),
      recentlyVerified: await isRecentlyVerified(db, session.session),
      passwordComplexity: deps.passwords.complexity,
      passkeys: (
        await db
          .selectFrom("passkey")
          .select(["id", "name", "createdAt", "lastUsedAt"])
          .where("userId", "=", session.user.id)
          .orderBy("createdAt")
          .execute()
      ).map((p) => ({
        id: p.id,
        name: p.name ?? "",
        createdAt: p.createdAt ? new Date(p.createdAt).toISOString() : null,
        lastUsedAt: p.lastUsedAt ? new Date(p.lastUsedAt).toISOString() : null,
      })),
    };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });

  // The account's security log, newest first (docs/decisions/088).
  app.get("/api/account/security-events", requireSession(auth), async (c) => {
    const query = pageQuery.safeParse(c.req.query());
    if (!query.success) throw new AppError("badRequest");
    c.header("Cache-Control", "no-store");
    return c.json(await listSecurityEvents(db, c.var.session.user.id, query.data.page));
  });

  app.post("/api/account/reverification/code", requireSession(auth), limited("reverify-code"), async (c) => {
    const { session } = c.var;
    if ((await reverificationMethod(db, session.user.id)) !== "email") throw new AppError("badRequest");
    await sendReverificationCode(reverification, session);
    return c.json({ ok: true });
  });

  app.post("/api/account/reverification", requireSession(auth), limited("reverify"), async (c) => {
    const { answer } = await readBody(c, reverificationBody);
    await reverify(reverification, c, c.var.session, answer.trim());
    return c.json({ ok: true });
  });

  // Accounts created with Google set a first password here (Better Auth's own route is server-only).
  app.post("/api/account/password", requireSession(auth), recent, recordsSecurityEvent(deps, "password_set"), async (c) => {
    const { newPassword } = await readBody(c, firstPasswordBody, "passwordInvalid");
    if (await hasPassword(db, c.var.session.user.id)) throw new AppError("passwordAlreadySet");
    // A managed account signs in through its identity provider only (docs/decisions/099).
    await assertNotManaged(db, c.var.session.user.id);
    const problem = await deps.passwords.check(newPassword);
    if (problem) throw new AppError(PASSWORD_ERRORS[problem]);
    await auth.api.setPassword({ body: { newPassword }, headers: c.req.raw.headers });
    return c.json({ ok: true });
  });

  app.post("/api/account/delete", requireSession(auth), recent, async (c) => {
    const { confirmation } = await readBody(c, deleteAccountBody, "deleteConfirmation");
    const goodbye = { baseUrl: deps.config.BASE_URL, mailDomain: domainOf(deps.config.MAIL_FROM), wake: () => deps.outbox?.wake() };
    await deleteAccount({ db, auth, goodbye }, c.var.session.user.id, confirmation, c.var.lang);
    // The browser's cookie names a session that no longer exists; clear it as sign-out would.
    const signOut = await auth.api.signOut({ headers: c.req.raw.headers, asResponse: true }).catch(() => null);
    for (const cookie of signOut?.headers.getSetCookie() ?? []) c.header("Set-Cookie", cookie, { append: true });
    return c.json({ ok: true });
  });

  return app;
}

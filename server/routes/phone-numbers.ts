import { Hono } from "hono";
import { addPhoneNumberBody, phoneCodeBody, smsTwoFactorBody } from "../../core/api/account.js";
import type { PhoneNumberList } from "../../core/api.js";
import { recordSecurityEvent, recordsSecurityEvent, sourceOf } from "../account/security-log.js";
import type { Auth } from "../auth/auth.js";
import { requireRecentVerification } from "../auth/reverification.js";
import { requireSession, type SessionEnv } from "../auth/session.js";
import type { DB } from "../db/database.js";
import type { AppEnv } from "../http/context.js";
import { readBody } from "../http/json-body.js";
import {
  addPhoneNumber,
  listPhoneNumbers,
  makePrimary,
  type PhoneActor,
  type PhoneDeps,
  removePhoneNumber,
  sendVerificationCode,
  setSmsTwoFactor,
  smsTwoFactorEnabled,
  verifyPhoneNumber,
} from "../phone/phone-numbers.js";

/**
 * The account page's phone numbers (docs/decisions/074-phone-numbers.md). Adding a number and
 * removing one, and turning text message codes on or off as a second step, change how the account
 * can be entered: they need a recently verified session (decision 058), like passkeys.
 */
export function phoneNumberRoutes(deps: { auth: Auth; db: DB; secret: string; phone: PhoneDeps }) {
  const { auth, db, phone } = deps;
  const app = new Hono<AppEnv & SessionEnv>();
  const recent = requireRecentVerification({ auth, db });
  const actorOf = (c: { var: { session: SessionEnv["Variables"]["session"]; clientIp: string } }): PhoneActor => ({
    userId: c.var.session.user.id,
    locale: (c.var.session.user as { locale?: string | null }).locale,
    clientIp: c.var.clientIp,
  });
  const list = async (userId: string): Promise<PhoneNumberList> => ({
    numbers: await listPhoneNumbers(db, userId),
    smsTwoFactor: await smsTwoFactorEnabled(db, userId),
  });

  app.get("/api/account/phone-numbers", requireSession(auth), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await list(c.var.session.user.id));
  });

  app.post("/api/account/phone-numbers", requireSession(auth), recent, async (c) => {
    const { phoneNumber } = await readBody(c, addPhoneNumberBody, "phoneInvalid");
    return c.json(await addPhoneNumber(phone, actorOf(c), phoneNumber), 201);
  });

  app.post("/api/account/phone-numbers/two-factor", requireSession(auth), recent, async (c) => {
    const { enabled } = await readBody(c, smsTwoFactorBody);
    await setSmsTwoFactor(phone, c.var.session.user.id, enabled);
    await recordSecurityEvent(db, deps.secret, {
      userId: c.var.session.user.id,
      type: enabled ? "second_factor_added" : "second_factor_removed",
      subject: "sms",
      source: sourceOf(c),
    });
    return c.json(await list(c.var.session.user.id));
  });

  app.post("/api/account/phone-numbers/:id/code", requireSession(auth), async (c) => {
    await sendVerificationCode(phone, actorOf(c), c.req.param("id"));
    return c.json({ ok: true });
  });

  app.post("/api/account/phone-numbers/:id/verify", requireSession(auth), recordsSecurityEvent(deps, "phone_added"), async (c) => {
    const { code } = await readBody(c, phoneCodeBody, "phoneCodeIncorrect");
    return c.json(await verifyPhoneNumber(phone, c.var.session.user.id, c.req.param("id"), code.trim()));
  });

  app.post("/api/account/phone-numbers/:id/primary", requireSession(auth), async (c) => {
    await makePrimary(db, c.var.session.user.id, c.req.param("id"));
    return c.json({ ok: true });
  });

  app.delete("/api/account/phone-numbers/:id", requireSession(auth), recent, recordsSecurityEvent(deps, "phone_removed"), async (c) => {
    await removePhoneNumber(phone, c.var.session.user.id, c.req.param("id"));
    return c.json({ ok: true });
  });

  return app;
}

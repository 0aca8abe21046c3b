import { Hono } from "hono";
import { legalConsentBody, signOutDeviceBody } from "../../core/api/account.js";
import { listDevices, signOutDevice, signOutOtherDevices } from "../account/devices.js";
import { recordLegalConsent } from "../account/legal-consent.js";
import { removeProfileImage, setProfileImage } from "../account/profile-image.js";
import { recordsSecurityEvent } from "../account/security-log.js";
import type { Auth } from "../auth/auth.js";
import { requireRecentVerification } from "../auth/reverification.js";
import { requireSession, type SessionEnv } from "../auth/session.js";
import type { DB } from "../db/database.js";
import { requestBody } from "../http/body.js";
import type { AppEnv } from "../http/context.js";
import { readBody } from "../http/json-body.js";
import { imageUploadLimit } from "../images/upload-limit.js";

/** The account pages' own calls: the profile image and the active devices. */
export function accountRoutes(deps: { auth: Auth; db: DB; secret: string }) {
  const app = new Hono<AppEnv & SessionEnv>();
  const endsSessions = recordsSecurityEvent(deps, "sessions_ended");

  app.put("/api/account/image", requireSession(deps.auth), imageUploadLimit(), async (c) => {
    const { session } = c.var;
    const upload = await requestBody(c);
    const image = await setProfileImage(deps, c.req.raw.headers, session.user.image, upload);
    return c.json({ image });
  });

  app.delete("/api/account/image", requireSession(deps.auth), async (c) => {
    await removeProfileImage(deps, c.req.raw.headers, c.var.session.user.image);
    return c.json({ image: null });
  });

  app.get("/api/account/devices", requireSession(deps.auth), async (c) => {
    const { session } = c.var;
    c.header("Cache-Control", "no-store");
    return c.json({ devices: await listDevices(deps.db, session.user.id, session.session.id) });
  });

  app.post("/api/account/devices/sign-out", requireSession(deps.auth), endsSessions, async (c) => {
    const { id } = await readBody(c, signOutDeviceBody);
    await signOutDevice(deps, c.var.session.user.id, id);
    return c.json({ ok: true });
  });

  // Signing every other browser out is a change to how the account is protected (decision 058).
  app.post("/api/account/devices/sign-out-others", requireSession(deps.auth), requireRecentVerification(deps), endsSessions, async (c) => {
    const { session } = c.var;
    return c.json({ signedOut: await signOutOtherDevices(deps, session.user.id, session.session.id) });
  });

  // The "legal consent" state: an account agrees to the current terms before the account area (decision 127).
  app.post("/api/account/legal-consent", requireSession(deps.auth), async (c) => {
    await readBody(c, legalConsentBody, "legalConsentRequired");
    return c.json({ version: await recordLegalConsent(deps.auth, c.var.session.user.id) });
  });

  return app;
}

import { Hono } from "hono";
import { dataExportLinkBody } from "../../core/api/account.js";
import { checkDataExport, dataExportLanguage, dataExportPageUrl, requestDataExport, takeDataExport } from "../account/data-export.js";
import type { Auth } from "../auth/auth.js";
import { requireSession, type SessionEnv } from "../auth/session.js";
import type { DB } from "../db/database.js";
import type { AppEnv } from "../http/context.js";
import { readBody } from "../http/json-body.js";
import { recipientLanguage } from "../mail/recipient-language.js";

/**
 * "Download my data": the request from the account page, and the mailed link's page
 * (`/{lang}/account/data-export?token=…`), which checks the link and downloads the archive once
 * when the person presses its button (decision 086).
 */
export function dataExportRoutes(deps: { auth: Auth; db: DB; dataExports?: { wake(): void } }) {
  const app = new Hono<AppEnv & SessionEnv>();

  app.post("/api/account/data-export", requireSession(deps.auth), async (c) => {
    const { session } = c.var;
    // Mailed in the account's language, whichever page asked (decision 152).
    const language = await recipientLanguage(deps.db, session.user.email, c.var.lang);
    await requestDataExport(deps.db, { userId: session.user.id, language, requestedBy: null });
    deps.dataExports?.wake();
    return c.json({ ok: true as const, email: session.user.email }, 202);
  });

  // The link is the proof, as with a password reset: it works once, until it expires, without a session.
  // A body without a token is an invalid link.
  app.post("/api/data-export/check", async (c) => {
    const { token } = await readBody(c, dataExportLinkBody, "exportLinkInvalid");
    const { createdAt, expiresAt } = await checkDataExport(deps.db, token);
    c.header("Cache-Control", "no-store");
    return c.json({ createdAt: createdAt.toISOString(), expiresAt: expiresAt.toISOString() });
  });

  app.post("/api/data-export/download", async (c) => {
    const { token } = await readBody(c, dataExportLinkBody, "exportLinkInvalid");
    const { archive, createdAt } = await takeDataExport(deps.db, token);
    c.header("Cache-Control", "no-store");
    c.header("Content-Type", "application/json; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="my-data-${createdAt.toISOString().slice(0, 10)}.json"`);
    return c.body(archive);
  });

  // Links mailed before the page existed open the page, in the export's language; a GET never hands the archive out.
  app.get("/api/data-export/:token", async (c) => {
    const value = c.req.param("token");
    const language = (await dataExportLanguage(deps.db, value)) ?? c.var.lang;
    c.header("Cache-Control", "no-store");
    return c.redirect(dataExportPageUrl("", language, encodeURIComponent(value)), 303);
  });

  return app;
}

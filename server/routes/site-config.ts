import { Hono } from "hono";
import type { SignUpMode } from "../../core/sign-up-mode.js";

/**
 * Runtime settings the prerendered pages need but cannot contain, because they are built before
 * deployment: the analytics measurement id (null when analytics is not configured), which the page
 * asks for only after the visitor consented to analytics, and who may sign up (the sign-up page
 * shows the waitlist in waitlist mode), and whether forms solve a proof of work (BOT_PROTECTION).
 */
export function siteConfigRoutes(opts: { gaMeasurementId?: string; signUpMode: SignUpMode; botProtection: boolean }) {
  const app = new Hono();
  const body = { gaMeasurementId: opts.gaMeasurementId ?? null, signUpMode: opts.signUpMode, botProtection: opts.botProtection };
  app.get("/api/site-config", (c) => c.json(body, 200, { "Cache-Control": "no-cache" }));
  return app;
}

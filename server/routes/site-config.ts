import { Hono } from "hono";

/**
 * Runtime settings the prerendered pages need but cannot contain, because they are built before
 * deployment: the analytics measurement id (null when analytics is not configured). The page asks
 * for it only after the visitor consented to analytics.
 */
export function siteConfigRoutes(opts: { gaMeasurementId?: string }) {
  const app = new Hono();
  const body = { gaMeasurementId: opts.gaMeasurementId ?? null };
  app.get("/api/site-config", (c) => c.json(body, 200, { "Cache-Control": "no-cache" }));
  return app;
}

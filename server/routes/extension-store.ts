import { Hono } from "hono";
import { EXTENSION_STORE_PATH } from "../../core/oauth.js";

/**
 * Every "install the extension" link of the site and the dashboard leads here, so the store page is
 * the deployment's setting (EXTENSION_STORE_URL) although the pages are prerendered before it is known.
 */
export function extensionStoreRoutes(storeUrl: string) {
  const app = new Hono();
  app.get(EXTENSION_STORE_PATH, (c) => c.redirect(storeUrl, 302));
  return app;
}

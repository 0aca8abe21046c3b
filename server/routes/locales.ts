import { Hono } from "hono";
import { sendFile } from "../http/pages.js";
import { loadDirectory } from "../http/static-files.js";
import { LOCALES_DIR } from "../paths.js";

/** GET /locales/{lng}/{ns}.json from the catalogs; unknown ones are a 404 JSON, never a 5xx. */
export function localeRoutes(dir = LOCALES_DIR) {
  const files = loadDirectory(dir, "/locales");
  const app = new Hono();
  app.get("/locales/:lng/:file", (c) => {
    const file = files.get(`/locales/${c.req.param("lng")}/${c.req.param("file")}`);
    if (!file) return c.json({ message: "Unknown language or namespace" }, 404);
    return sendFile(c, file, { cache: "no-cache" });
  });
  return app;
}

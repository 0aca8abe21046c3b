import { Hono } from "hono";
import { sendFile } from "../http/pages.js";
import { loadDirectory, type StaticFile } from "../http/static-files.js";
import { LOCALES_DIR } from "../paths.js";

/** The catalogs, loaded and compressed once per process. */
export const loadLocales = (dir = LOCALES_DIR) => loadDirectory(dir, "/locales");

/** GET /locales/{lng}/{ns}.json from the catalogs; unknown ones are a 404 JSON, never a 5xx. */
export function localeRoutes(files: Map<string, StaticFile>) {
  const app = new Hono();
  app.get("/locales/:lng/:file", (c) => {
    const file = files.get(`/locales/${c.req.param("lng")}/${c.req.param("file")}`);
    if (!file) return c.json({ message: "Unknown language or namespace" }, 404);
    return sendFile(c, file, { cache: "no-cache" });
  });
  return app;
}

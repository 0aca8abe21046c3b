import { Hono } from "hono";
import { sendFile } from "../http/pages.js";
import { loadDirectory, type StaticFile } from "../http/static-files.js";
import { COMPRESSED_STORE, LOCALES_DIR } from "../paths.js";

/** Where the catalogs are served from, and how (shared with the build's compression step). */
export const LOCALE_FILES = { prefix: "/locales", compressed: COMPRESSED_STORE };

/** The catalogs, loaded once per process, compressed by the build or else here. */
export const loadLocales = (dir = LOCALES_DIR) => loadDirectory(dir, LOCALE_FILES);

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

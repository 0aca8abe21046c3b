import { Hono } from "hono";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { IMAGE_PATH, imageIdOfName, readImage } from "./image-store.js";

/** The URL names the content, so a browser or proxy may keep an image for good. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** GET /api/images/<sha-256>.webp: a stored image, cached for good. */
export function imageRoutes(db: DB) {
  const app = new Hono<AppEnv>();
  app.get(`${IMAGE_PATH}/:name`, async (c) => {
    const id = imageIdOfName(c.req.param("name"));
    const image = id ? await readImage(db, id) : undefined;
    if (!id || !image) throw new AppError("notFound");
    const etag = `"${id}"`;
    const headers = { "Content-Type": image.content_type, "Cache-Control": IMMUTABLE, ETag: etag };
    if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
    return c.body(new Uint8Array(image.data), 200, headers);
  });
  return app;
}

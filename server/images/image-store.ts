import { createHash } from "node:crypto";
import type { DB } from "../db/database.js";

/** Where stored images are served: the content hash names the image, so its URL never changes meaning. */
export const IMAGE_PATH = "/api/images";

const IMAGE_NAME = /^([0-9a-f]{64})\.webp$/;

/** The URL of a stored image. */
export function imageUrl(id: string): string {
  return `${IMAGE_PATH}/${id}.webp`;
}

/** The stored image a URL of ours names, or null for any other value. */
export function imageIdOfUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(`${IMAGE_PATH}/`)) return null;
  return IMAGE_NAME.exec(url.slice(IMAGE_PATH.length + 1))?.[1] ?? null;
}

/** The image id in a served file name (`<sha-256>.webp`), or null. */
export function imageIdOfName(name: string): string | null {
  return IMAGE_NAME.exec(name)?.[1] ?? null;
}

/**
 * Stores image bytes in the database (PGlite or PostgreSQL alike, so every instance serves them)
 * under the SHA-256 of the bytes; storing the same image twice keeps one row. Returns its URL.
 */
export async function storeImage(db: DB, image: { data: Uint8Array; contentType: string }): Promise<string> {
  const id = createHash("sha256").update(image.data).digest("hex");
  await db
    .insertInto("stored_image")
    .values({ id, content_type: image.contentType, byte_size: image.data.byteLength, data: image.data })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  return imageUrl(id);
}

/** A stored image's bytes and type, or undefined. */
export async function readImage(db: DB, id: string) {
  return db.selectFrom("stored_image").select(["content_type", "data"]).where("id", "=", id).executeTakeFirst();
}

/**
 * Deletes the stored image a URL names once nothing refers to it: no user's profile image and no
 * team's logo (the same picture may be used by several). Other URLs are left alone.
 */
export async function releaseImage(db: DB, url: string | null | undefined): Promise<void> {
  const id = imageIdOfUrl(url);
  if (!id || !url) return;
  await db
    .deleteFrom("stored_image")
    .where("id", "=", id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("user")
            .select("id")
            .where("image", "=", url)
            .union(selectFrom("organization").select("id").where("logo", "=", url)),
        ),
      ),
    )
    .execute();
}

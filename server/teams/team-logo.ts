import type { DB } from "../db/database.js";
import { releaseImage, storeImage } from "../images/image-store.js";
import { PROFILE_IMAGE_SIZE, squareImage } from "../images/process-image.js";

/**
 * Makes an uploaded image the team's logo under the rules of profile images (checked by content,
 * re-encoded as a square, stored where every instance sees it), kept whole rather than cropped, and
 * releases the previous one.
 */
export async function setTeamLogo(db: DB, teamId: string, upload: Uint8Array): Promise<string> {
  const url = await storeImage(db, await squareImage(upload, PROFILE_IMAGE_SIZE, "contain"));
  const previous = await db.selectFrom("organization").select("logo").where("id", "=", teamId).executeTakeFirst();
  await db.updateTable("organization").set({ logo: url }).where("id", "=", teamId).execute();
  if (previous?.logo !== url) await releaseImage(db, previous?.logo);
  return url;
}

/** Removes the team's logo and releases the image. */
export async function removeTeamLogo(db: DB, teamId: string): Promise<void> {
  const previous = await db.selectFrom("organization").select("logo").where("id", "=", teamId).executeTakeFirst();
  await db.updateTable("organization").set({ logo: null }).where("id", "=", teamId).execute();
  await releaseImage(db, previous?.logo);
}

import type { Auth } from "../auth/auth.js";
import type { DB } from "../db/database.js";
import { releaseImage, storeImage } from "../images/image-store.js";
import { PROFILE_IMAGE_SIZE, squareImage } from "../images/process-image.js";

interface ProfileImageDeps {
  auth: Auth;
  db: DB;
}

/**
 * Makes an uploaded image the user's profile image: re-encoded as a square, stored, set on the user
 * through Better Auth (so cached sessions show it too), and the previous image released.
 */
export async function setProfileImage(
  { auth, db }: ProfileImageDeps,
  headers: Headers,
  previous: string | null | undefined,
  upload: Uint8Array,
) {
  const url = await storeImage(db, await squareImage(upload, PROFILE_IMAGE_SIZE));
  await auth.api.updateUser({ headers, body: { image: url } });
  if (previous !== url) await releaseImage(db, previous);
  return url;
}

/** Removes the user's profile image and releases it. */
export async function removeProfileImage({ auth, db }: ProfileImageDeps, headers: Headers, previous: string | null | undefined) {
  await auth.api.updateUser({ headers, body: { image: null } });
  await releaseImage(db, previous);
}

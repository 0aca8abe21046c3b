import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { IMAGE_UPLOAD_MAX_BYTES } from "../../core/images.js";
import { AppError } from "../errors.js";
import { bodyLimit } from "../http/body.js";

// An uploaded image may have at most IMAGE_UPLOAD_MAX_BYTES (10 MB); the rest of the API takes 64 KB.
const OWN_LIMIT = Symbol("own body limit");

/** The body limit of an image upload route, in place of the API's general one. */
export function imageUploadLimit(): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: IMAGE_UPLOAD_MAX_BYTES,
    onError: () => {
      throw new AppError("imageTooLarge");
    },
  });
  return Object.assign(limit, { [OWN_LIMIT]: true });
}

/** Whether the matched route sets its own body limit (so the API's general one does not apply). */
export function hasOwnBodyLimit(c: Context): boolean {
  return matchedRoutes(c).some(({ handler }) => (handler as { [OWN_LIMIT]?: boolean })[OWN_LIMIT] === true);
}

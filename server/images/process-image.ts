import type Sharp from "sharp";
import { AppError } from "../errors.js";

/** Profile images and team logos are stored as squares of this many pixels (shown at up to 96 CSS pixels, sharp on 2x screens). */
export const PROFILE_IMAGE_SIZE = 256;

/** The formats an uploaded image may have, recognised from its bytes (never its name or declared type). */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "gif", "webp"]);

/** At most this many pixels are decoded, so a small file cannot expand into a huge image. */
const MAX_INPUT_PIXELS = 50_000_000;

/** sharp loads its native library in a tenth of a second; only uploads need it, so the first loads it. */
let sharpModule: Promise<typeof Sharp> | undefined;
const loadSharp = () => {
  sharpModule ??= import("sharp").then((m) => m.default);
  return sharpModule;
};

export interface ProcessedImage {
  data: Buffer;
  contentType: "image/webp";
}

/**
 * Re-encodes an uploaded image as a square WebP of `size` pixels, turned upright by its EXIF
 * orientation: a profile image is cropped to its centre ("cover"); a logo is kept whole and centred
 * on a transparent square ("contain"), so a wide word mark loses no letter. Re-encoding drops everything but the pixels (metadata, any
 * script or second file hidden in the upload); an animated GIF keeps its first frame. Anything
 * that is not a JPG, PNG, GIF or WEBP image is refused with `invalidImage`.
 */
export async function squareImage(input: Uint8Array, size: number, fit: "cover" | "contain" = "cover"): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new AppError("invalidImage");
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError("invalidImage");
  try {
    const data = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(size, size, { fit, position: "centre", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: 85 })
      .toBuffer();
    return { data, contentType: "image/webp" };
  } catch {
    throw new AppError("invalidImage");
  }
}

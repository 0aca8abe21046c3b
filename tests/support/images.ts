import sharp from "sharp";

/**
 * A wide word mark as a PNG (4:1, like "TALENT"): a red left quarter, white middle and a blue right
 * quarter, so a check can tell whether the stored logo kept both ends or was cropped to its centre.
 */
export async function wideLogoPng(width = 400, height = 100): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const [r, g, b] = x < width / 4 ? [220, 0, 0] : x >= (width * 3) / 4 ? [0, 0, 220] : [255, 255, 255];
      pixels.set([r, g, b, 255], at);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** The RGBA pixel of an image at (x, y), and its size. */
export async function pixelAt(image: Uint8Array, x: number, y: number) {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { width: info.width, height: info.height, rgba: [...data.subarray(at, at + 4)] };
}

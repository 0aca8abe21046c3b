/** What an uploaded image may be: checked in the browser before the upload and by content on the server. */

/** At most 10 MB (10 × 1024 × 1024 bytes). */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The picker's offer; the server decides by the bytes, not by the type or name. */
export const IMAGE_UPLOAD_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;

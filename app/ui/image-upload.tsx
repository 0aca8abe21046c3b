import { type ChangeEvent, type ReactNode, useId, useRef, useState } from "react";
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES } from "../../core/images";
import { Button } from "./button";
import { FormMessages } from "./form-alert";

export interface ImageUploadTexts {
  hint: string;
  upload: string;
  uploading: string;
  remove: string;
  saved: string;
  removed: string;
  tooLarge: string;
}

/**
 * An image picked from a file and sent at once (the server checks it, stores it as a square and
 * answers its URL, so the page needs no blob: or data: images), with removal; profile images and
 * team logos. `errorOf` turns a failure into the message shown.
 */
export function ImageUpload({
  preview,
  hasImage,
  texts,
  onUpload,
  onRemove,
  errorOf,
}: {
  preview: ReactNode;
  hasImage: boolean;
  texts: ImageUploadTexts;
  onUpload: (file: File) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
  errorOf: (failure: unknown) => string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState("");

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setError(undefined);
    setStatus("");
    try {
      await action();
      setStatus(done);
    } catch (failure) {
      setError(errorOf(failure));
    } finally {
      setBusy(false);
    }
  }

  function upload(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) return setError(texts.tooLarge);
    void run(() => onUpload(file), texts.saved);
  }

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      {preview}
      <div className="space-y-2">
        <p id={hintId} className="text-sm text-slate-600">
          {texts.hint}
        </p>
        <div className="flex flex-wrap gap-2">
          <input ref={input} type="file" accept={IMAGE_UPLOAD_TYPES.join(",")} hidden onChange={upload} />
          <Button
            variant="secondary"
            size="md"
            disabled={busy}
            aria-busy={busy || undefined}
            aria-describedby={hintId}
            onClick={() => input.current?.click()}
          >
            {busy ? texts.uploading : texts.upload}
          </Button>
          {hasImage && (
            <Button variant="secondary" size="md" disabled={busy} onClick={() => run(onRemove, texts.removed)}>
              {texts.remove}
            </Button>
          )}
        </div>
        <FormMessages error={error} notice={status} />
      </div>
    </div>
  );
}

import { useState } from "react";

/** Copies a text to the clipboard and remembers whether it was, for a button that says "Copied" once it has. */
export function useCopy(): [copied: boolean, copy: (text: string) => void] {
  const [copied, setCopied] = useState(false);
  const copy = (text: string) =>
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return [copied, copy];
}

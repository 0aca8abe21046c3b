import type { ReactNode } from "react";

/**
 * Keeps each hyphenated word on one line: browsers may break after any hyphen, which left
 * "Prüfen Sie Ihre E-" with "Mails" alone on the next line of a phone. The text stays the same.
 */
export function unbrokenHyphenatedWords(text: string): ReactNode {
  const parts = text.split(/(\S+-\S+)/);
  if (parts.length === 1) return text;
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
      <span key={i} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

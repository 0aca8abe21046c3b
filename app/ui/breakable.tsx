import type { ReactNode } from "react";

/** After these a long address or name may go on on the next line: "@", dots, and the joins of slug-like words. */
const BREAK_AFTER = /([@._+/])/;

/**
 * An e-mail address or a team's name that may be wider than its line (a phone, a narrow menu): it
 * breaks after "@" and after dots ("maximiliane.leutheusser@" / "personal.example.com"), never in
 * the middle of a word, and is never cut off. Only a single part wider than the whole line breaks
 * inside. The text stays the same for reading, copying and the accessible name (`<wbr>` adds none).
 */
export function Breakable({ text, className = "" }: { text: string; className?: string }) {
  return <span className={`break-words ${className}`}>{breakPoints(text)}</span>;
}

/** The text with a `<wbr>` after each break point. */
export function breakPoints(text: string): ReactNode {
  const parts = text.split(BREAK_AFTER);
  if (parts.length === 1) return text;
  const nodes: ReactNode[] = [];
  parts.forEach((part, i) => {
    if (!part) return;
    nodes.push(part);
    // The separators are the odd parts; nothing to break before at the very end.
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
    if (i % 2 === 1 && i < parts.length - 1) nodes.push(<wbr key={i} />);
  });
  return nodes;
}

/**
 * A translated sentence with addresses or names in it that may break at their own points:
 * `make` is the translation with the values it is given (`(v) => t("signedInAs", v)`), called
 * with markers in their place, which then become the values.
 */
export function withBreakables(make: (values: Record<string, string>) => string, values: Record<string, string>): ReactNode {
  const names = Object.keys(values);
  const marked = Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE001`]));
  const parts = make(marked).split(/\uE000(\d+)\uE001/);
  return parts.map((part, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence, never reordered
    i % 2 === 1 ? <Breakable key={i} text={values[names[Number(part)] as string] ?? ""} /> : part,
  );
}

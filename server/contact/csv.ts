import type { ContactRow } from "./list-contacts.js";

/**
 * One CSV field (RFC 4180). A value a spreadsheet would run as a formula (starting with =, +, -, @,
 * tab or carriage return) is prefixed with an apostrophe so it opens as text.
 */
export function csvField(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: (string | number | Date | null | undefined)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

const CONTACT_COLUMNS = [
  "id",
  "created_at",
  "status",
  "name",
  "email",
  "company",
  "message",
  "language",
  "mails_sent",
  "mails_total",
] as const;

/** Contact requests as CSV with a header row: the export of the command line and of the console. */
export function contactsCsv(rows: ContactRow[]): string {
  return [csvRow([...CONTACT_COLUMNS]), ...rows.map((row) => csvRow(CONTACT_COLUMNS.map((key) => row[key])))].join("");
}

import { describe, expect, it } from "vitest";
import { csvField, csvRow } from "./csv.js";

describe("csv", () => {
  it("leaves plain values as they are", () => {
    expect(csvRow(["Ada", "ada@example.com", 3, null])).toBe("Ada,ada@example.com,3,\r\n");
  });

  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvField('Lovelace, "Ada"')).toBe('"Lovelace, ""Ada"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField(" padded ")).toBe('" padded "');
  });

  it.each(['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"])("neutralises the formula %j", (value) => {
    const field = csvField(value);
    expect(field.replace(/^"/, "").startsWith("'")).toBe(true);
    expect(field).toContain(value.replaceAll('"', '""'));
  });

  it("writes dates as ISO timestamps and numbers without a quote prefix", () => {
    expect(csvField(new Date("2026-05-01T10:00:00Z"))).toBe("2026-05-01T10:00:00.000Z");
    expect(csvField(-5)).toBe("-5");
  });
});

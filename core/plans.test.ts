import { describe, expect, it } from "vitest";
import { formatMonthlyPrice } from "./plans";

describe("formatMonthlyPrice", () => {
  // Written out without Intl (the landing page's first number format is costly): the same text as Intl's.
  const intl = (cents: number, locale: string) =>
    new Intl.NumberFormat(locale, { style: "currency", currency: "EUR", minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(
      cents / 100,
    );
  const amounts = [0, 1, 9, 10, 99, 100, 105, 1900, 1950, 3900, 99_999, 100_000, 123_456, 1_000_000, 12_345_678, 100_000_000];

  it.each(amounts)("writes %i cents as Intl.NumberFormat does for en-GB and de-DE", (cents) => {
    expect(formatMonthlyPrice(cents, "en")).toBe(intl(cents, "en-GB"));
    expect(formatMonthlyPrice(cents, "de")).toBe(intl(cents, "de-DE"));
  });

  it("writes the catalogue's prices as the pricing cards show them", () => {
    expect(formatMonthlyPrice(3900, "en")).toBe("€39");
    expect(formatMonthlyPrice(3900, "de")).toBe("39\u00a0€");
    expect(formatMonthlyPrice(1950, "de")).toBe("19,50\u00a0€");
  });
});

import { describe, expect, it } from "vitest";
import { formatPhoneNumber, isPhoneCode, maskPhoneNumber, normalizePhoneNumber } from "./phone";

describe("the phone number rule", () => {
  it("accepts numbers in international format and stores them in E.164", () => {
    expect(normalizePhoneNumber("+49 151 23456789")).toBe("+4915123456789");
    expect(normalizePhoneNumber(" +1 (415) 555-2671 ")).toBe("+14155552671");
    expect(normalizePhoneNumber("0044 20 7946 0958")).toBe("+442079460958");
  });

  it("refuses national numbers, letters, too short and impossible numbers", () => {
    for (const input of ["015123456789", "+49 abc", "+49 1", "+1 555", "+999 123456789", "", "+49 151 2345678901234567"]) {
      expect(normalizePhoneNumber(input), input).toBeNull();
    }
  });

  it("formats and masks a stored number", () => {
    expect(formatPhoneNumber("+4915123456789")).toBe("+49 1512 3456789");
    expect(maskPhoneNumber("+4915123456789")).toBe("+49 •••• •••••89");
  });

  it("knows the shape of a code", () => {
    expect(isPhoneCode("123456")).toBe(true);
    expect(isPhoneCode("12345")).toBe(false);
    expect(isPhoneCode("12345a")).toBe(false);
  });
});

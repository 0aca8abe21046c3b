import { describe, expect, it } from "vitest";
import { validateContact } from "./schema";

describe("validateContact", () => {
  it("trims values and accepts a request without a company", () => {
    expect(validateContact({ name: "  Ada  ", email: " ada@example.com " })).toEqual({
      success: true,
      data: { name: "Ada", email: "ada@example.com" },
    });
  });

  it("keeps accents, apostrophes and ampersands", () => {
    const result = validateContact({ name: "Zoë O'Brien", email: "zoe@example.de", company: "Müller & Söhne" });
    expect(result.success).toBe(true);
  });

  it.each([
    [{ name: "A", email: "a@example.com" }, { name: "form.name.error" }],
    [{ name: "  A  ", email: "a@example.com" }, { name: "form.name.error" }],
    [{ name: "A".repeat(101), email: "a@example.com" }, { name: "form.name.tooLong" }],
    [{ name: "Ada", email: "ada@" }, { email: "form.email.error" }],
    [{ name: "Ada", email: `${"a".repeat(245)}@example.com` }, { email: "form.email.tooLong" }],
    [{ name: "Ada", email: "ada@example.com", company: "C".repeat(201) }, { company: "form.company.tooLong" }],
    [{ name: "Ada\nBcc: x@example.com", email: "ada@example.com" }, { name: "form.invalidCharacters" }],
    [{ name: "<script>", email: "ada@example.com" }, { name: "form.invalidCharacters" }],
    [{ name: "Ada", email: "ada@example.com", company: "A\u0007B" }, { company: "form.invalidCharacters" }],
    [{ name: "You won! Claim at https://evil.example/claim", email: "a@example.com" }, { name: "form.noLinks" }],
    [{ name: "www.evil.example", email: "a@example.com" }, { name: "form.noLinks" }],
    [{ name: "Claim: evil.example", email: "a@example.com" }, { name: "form.noLinks" }],
    [{ name: "ftp://files", email: "a@example.com" }, { name: "form.noLinks" }],
    [{ name: "Ada", email: "a@example.com", company: "prizes@evil.example" }, { company: "form.noLinks" }],
    [{ name: "Ada", email: "a@example.com", company: "Visit WWW.EVIL.EXAMPLE" }, { company: "form.noLinks" }],
    [{ name: "Ada", email: "a@example.com", message: "M".repeat(2001) }, { message: "form.message.tooLong" }],
    [{ name: "Ada", email: "a@example.com", message: "Hi\u0000there" }, { message: "form.invalidCharacters" }],
    [{ name: "Ada", email: "a@example.com", message: 42 }, { message: "form.message.tooLong" }],
    [
      { name: 7, email: null },
      { name: "form.name.error", email: "form.email.error" },
    ],
    [{}, { name: "form.name.error", email: "form.email.error" }],
  ])("rejects %j with %j", (input, errors) => {
    expect(validateContact(input)).toMatchObject({ success: false, errors });
  });

  it("keeps names with dots, initials and ampersands that are no links", () => {
    for (const name of ["Dr. A. Smith", "J.R.R. Tolkien", "Müller & Co. KG", "Ada @ home", "e.V. Berlin"]) {
      expect(validateContact({ name, email: "a@example.com", company: name }).success, name).toBe(true);
    }
  });

  it("accepts a message with line breaks and links, for the team only", () => {
    const message = "Hello,\r\nplease see https://example.com/jobs\n\tThanks";
    expect(validateContact({ name: "Ada", email: "a@example.com", message: `  ${message} ` })).toEqual({
      success: true,
      data: { name: "Ada", email: "a@example.com", message },
    });
    expect(validateContact({ name: "Ada", email: "a@example.com", message: "M".repeat(2000) }).success).toBe(true);
  });

  it("allows exactly the limits", () => {
    expect(validateContact({ name: "Ab", email: "a@b.de", company: "C".repeat(200) }).success).toBe(true);
    expect(validateContact({ name: "A".repeat(100), email: `${"a".repeat(242)}@example.com` }).success).toBe(true);
  });

  it("reports a body that is not an object as a form error", () => {
    expect(validateContact([{ name: "Ada" }])).toMatchObject({ success: false, formError: "form.invalid" });
    expect(validateContact(null)).toMatchObject({ success: false, formError: "form.invalid" });
  });
});

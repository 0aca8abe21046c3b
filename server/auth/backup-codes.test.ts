import { symmetricEncrypt } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { BACKUP_CODE_ALPHABET, backupCodeStore, newBackupCodes, normalizeBackupCode } from "./backup-codes";

describe("backup codes", () => {
  it("are ten codes of two groups of five, without characters that look alike", () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    expect(BACKUP_CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it.each(["k7rmx-4tq9h", "K7RMX 4TQ9H", " k7rmx4tq9h ", "K7RMX–4TQ9H", "k7rmx\u20114tq9h"])("reads %j as K7RMX-4TQ9H", (typed) => {
    expect(normalizeBackupCode(typed)).toBe("K7RMX-4TQ9H");
  });

  it("leaves a code of another length as typed, in capitals, so it simply does not match", () => {
    expect(normalizeBackupCode("abc-12")).toBe("ABC12");
  });

  it("reads codes stored by the library's encryption, earlier mixed-case ones in capitals", async () => {
    const secret = "a secret of at least thirty-two characters";
    const store = backupCodeStore(secret);
    const earlier = await symmetricEncrypt({ key: secret, data: JSON.stringify(["aB3dE-fG7hJ", "K7RMX-4TQ9H"]) });
    expect(JSON.parse(await store.decrypt(earlier))).toEqual(["AB3DE-FG7HJ", "K7RMX-4TQ9H"]);
    expect(JSON.parse(await store.decrypt(await store.encrypt('["K7RMX-4TQ9H"]')))).toEqual(["K7RMX-4TQ9H"]);
  });
});

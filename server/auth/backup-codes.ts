import { randomInt } from "node:crypto";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";

/** Capitals and digits that cannot be taken for one another: no 0/O, no 1/I/L. */
export const BACKUP_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const HALF = 5;

/** Ten codes of ten characters (about 49 bits each), shown as two groups of five: "K7RMX-4TQ9H". */
export function newBackupCodes(amount = 10): string[] {
  return Array.from({ length: amount }, () => {
    const chars = Array.from({ length: HALF * 2 }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]);
    return `${chars.slice(0, HALF).join("")}-${chars.slice(HALF).join("")}`;
  });
}

/**
 * A code as the person typed it, in the stored form: capitals, one dash between the groups; spaces
 * and dashes of any kind are ignored.
 */
export function normalizeBackupCode(typed: string): string {
  const plain = typed
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\s\p{Pd}\u2212]/gu, "");
  return plain.length === HALF * 2 ? `${plain.slice(0, HALF)}-${plain.slice(HALF)}` : plain;
}

/**
 * The library's encrypted storage with the same key and format, read back normalized: codes issued
 * before in mixed case compare case-insensitively as well, and are stored in capitals once one is used.
 */
export function backupCodeStore(secret: string) {
  return {
    encrypt: (json: string) => symmetricEncrypt({ key: secret, data: json }),
    decrypt: async (data: string) => {
      const codes = JSON.parse(await symmetricDecrypt({ key: secret, data })) as string[];
      return JSON.stringify(codes.map(normalizeBackupCode));
    },
  };
}

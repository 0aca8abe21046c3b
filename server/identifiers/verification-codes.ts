import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { Auth } from "../auth/auth.js";

const CODE_TTL_MS = 10 * 60 * 1000;
const CODE_ATTEMPTS = 5;
const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");

/**
 * A 6-digit code for one purpose (an identifier being verified), kept as a hash in the identity
 * verification table: 10 minutes, single use, 5 tries. A new code replaces the previous one.
 */
export async function issueCode(auth: Auth, identifier: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const ctx = await auth.$context;
  await ctx.internalAdapter.deleteVerificationByIdentifier(identifier);
  await ctx.internalAdapter.createVerificationValue({
    identifier,
    value: `${hashCode(code)}:0`,
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  return code;
}

/** Whether the code is the one issued; a wrong one uses up a try, a right one the code. */
export async function checkCode(auth: Auth, identifier: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const ctx = await auth.$context;
  const stored = await ctx.internalAdapter.findVerificationValue(identifier);
  if (!stored || new Date(stored.expiresAt).getTime() < Date.now()) return false;
  const [hash = "", tries = "0"] = stored.value.split(":");
  const match = timingSafeEqual(Buffer.from(hash), Buffer.from(hashCode(code)));
  await ctx.internalAdapter.deleteVerificationByIdentifier(identifier);
  if (match) return true;
  const attempts = Number(tries) + 1;
  if (attempts < CODE_ATTEMPTS) {
    await ctx.internalAdapter.createVerificationValue({ identifier, value: `${hash}:${attempts}`, expiresAt: new Date(stored.expiresAt) });
  }
  return false;
}

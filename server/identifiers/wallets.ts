import type { WalletSummary } from "../../core/api.js";
import type { Auth } from "../auth/auth.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { serverT } from "../i18n.js";
import { ensureNotLastIdentifier, type IdentifierRules } from "./last-identifier.js";

/**
 * Web3 wallets and Sign-In with Ethereum (EIP-4361; docs/decisions/078). The server writes the
 * message (our domain and address, a single-use nonce, 5 minutes), the wallet signs it, and the
 * server checks the signature against the message it wrote, so a client can change nothing in it.
 * A wallet is connected to one account only; signing in with it never creates an account.
 */
export type WalletPurpose = "connect" | "sign-in";

const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** viem takes a third of a second to load; only wallet requests need it, so it loads on the first. */
let viemModules: Promise<[typeof import("viem"), typeof import("viem/siwe")]> | undefined;
const loadViem = () => {
  viemModules ??= Promise.all([import("viem"), import("viem/siwe")]);
  return viemModules;
};
const challengeIdentifier = (nonce: string) => `siwe-${nonce}`;

interface Challenge {
  purpose: WalletPurpose;
  address: string;
  message: string;
  /** The account that asked to connect; none for a sign-in. */
  userId?: string;
}

export interface WalletDeps {
  db: DB;
  auth: Auth;
  baseUrl: string;
  identifierRules?: IdentifierRules;
}

/** A wallet address as given, checksummed; anything else is refused as malformed. */
export async function walletAddress(input: unknown): Promise<`0x${string}`> {
  const [{ getAddress, isAddress }] = await loadViem();
  if (typeof input !== "string" || !isAddress(input, { strict: false })) throw new AppError("walletAddressInvalid");
  return getAddress(input);
}

/** Writes the message for the wallet to sign and keeps it, under its nonce, until it is answered. */
export async function walletChallenge(
  deps: WalletDeps,
  opts: { purpose: WalletPurpose; address: unknown; chainId?: unknown; userId?: string; lang?: string },
): Promise<{ message: string; nonce: string }> {
  const address = await walletAddress(opts.address);
  const [, { createSiweMessage, generateSiweNonce }] = await loadViem();
  const chainId = typeof opts.chainId === "number" && Number.isSafeInteger(opts.chainId) && opts.chainId > 0 ? opts.chainId : 1;
  const site = new URL(deps.baseUrl);
  const nonce = generateSiweNonce();
  const now = new Date();
  const t = serverT(opts.lang);
  const message = createSiweMessage({
    domain: site.host,
    address,
    statement: t(opts.purpose === "connect" ? "account:wallets.connectStatement" : "account:wallets.signInStatement"),
    uri: site.origin,
    version: "1",
    chainId,
    nonce,
    issuedAt: now,
    expirationTime: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  const challenge: Challenge = { purpose: opts.purpose, address, message, userId: opts.userId };
  const ctx = await deps.auth.$context;
  await ctx.internalAdapter.createVerificationValue({
    identifier: challengeIdentifier(nonce),
    value: JSON.stringify(challenge),
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return { message, nonce };
}

/**
 * Checks a signed challenge: it exists (each is answered once), was asked for this purpose and
 * account, has not expired, and the signature is the wallet's over the exact message. Answers the
 * wallet's address; any failure is `web3_signature_invalid`.
 */
export async function verifyWalletSignature(
  deps: WalletDeps,
  opts: { purpose: WalletPurpose; nonce: unknown; signature: unknown; userId?: string },
): Promise<{ address: `0x${string}`; chainId: number }> {
  if (typeof opts.nonce !== "string" || !/^[A-Za-z0-9]{8,96}$/.test(opts.nonce)) throw new AppError("walletSignatureInvalid");
  const [{ isHex, verifyMessage }, { parseSiweMessage }] = await loadViem();
  if (typeof opts.signature !== "string" || !isHex(opts.signature) || opts.signature.length > 300)
    throw new AppError("walletSignatureInvalid");
  const ctx = await deps.auth.$context;
  const stored = await ctx.internalAdapter.findVerificationValue(challengeIdentifier(opts.nonce));
  if (!stored) throw new AppError("walletSignatureInvalid");
  await ctx.internalAdapter.deleteVerificationByIdentifier(challengeIdentifier(opts.nonce));
  const challenge = JSON.parse(stored.value) as Challenge;
  const fields = parseSiweMessage(challenge.message);
  const expired =
    new Date(stored.expiresAt).getTime() < Date.now() || (fields.expirationTime && fields.expirationTime.getTime() < Date.now());
  if (expired || challenge.purpose !== opts.purpose || challenge.userId !== opts.userId) throw new AppError("walletSignatureInvalid");
  const address = challenge.address as `0x${string}`;
  const valid = await verifyMessage({ address, message: challenge.message, signature: opts.signature }).catch(() => false);
  if (!valid) throw new AppError("walletSignatureInvalid");
  return { address, chainId: fields.chainId ?? 1 };
}

export async function listWallets(db: DB, userId: string): Promise<WalletSummary[]> {
  const rows = await db
    .selectFrom("web3_wallet")
    .select(["id", "address", "createdAt"])
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .execute();
  return rows.map((r) => ({ id: r.id, address: r.address, createdAt: new Date(r.createdAt).toISOString() }));
}

/** Connects a wallet whose signature was checked; a wallet another account (or this one) holds is refused. */
export async function connectWallet(deps: WalletDeps, userId: string, nonce: unknown, signature: unknown): Promise<WalletSummary> {
  // The chain is informative only: a wallet's address is the same on every EVM chain.
  const { address, chainId } = await verifyWalletSignature(deps, { purpose: "connect", nonce, signature, userId });
  const id = crypto.randomUUID();
  try {
    await deps.db.insertInto("web3_wallet").values({ id, userId, address, chainId }).execute();
  } catch (error) {
    if ((error as { code?: unknown })?.code === "23505") throw new AppError("walletExists");
    throw error;
  }
  return { id, address, createdAt: new Date().toISOString() };
}

export async function removeWallet(deps: WalletDeps, userId: string, id: string): Promise<void> {
  const row = await deps.db.selectFrom("web3_wallet").select("id").where("id", "=", id).where("userId", "=", userId).executeTakeFirst();
  if (!row) throw new AppError("notFound");
  await ensureNotLastIdentifier(deps.db, userId, { kind: "wallet", id }, deps.identifierRules);
  await deps.db.deleteFrom("web3_wallet").where("id", "=", id).where("userId", "=", userId).execute();
}

/** The account a wallet signs in to, after its signature was checked; `web3_missing_identifier` when none. */
export async function walletSignInUser(deps: WalletDeps, nonce: unknown, signature: unknown): Promise<string> {
  const { address } = await verifyWalletSignature(deps, { purpose: "sign-in", nonce, signature });
  const row = await deps.db
    .selectFrom("web3_wallet")
    .select("userId")
    .where((eb) => eb(eb.fn("lower", ["address"]), "=", address.toLowerCase()))
    .executeTakeFirst();
  if (!row) throw new AppError("web3MissingIdentifier");
  return row.userId;
}

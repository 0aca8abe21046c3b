import type { WalletChallenge, WalletSummary } from "../../core/api";
import { type WireCode, wireCodeOf } from "../../core/error-codes";
import { request } from "../api/client";
import { authClient } from "./client";
import type { AuthError } from "./errors";

/**
 * Web3 wallets in the browser (EIP-1193 providers such as MetaMask): connecting one on the account
 * page and signing in with one. Loaded only when used (a dynamic import). The server writes the
 * Sign-In with Ethereum message; the wallet only signs it, so no Ethereum library is loaded here.
 */
export class WalletError extends Error implements AuthError {
  readonly code: WireCode | undefined;

  constructor(
    code: unknown,
    readonly status: number | undefined = 400,
  ) {
    super(typeof code === "string" ? code : "wallet");
    this.code = wireCodeOf(code);
    this.name = "WalletError";
  }
}

interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

function provider(): Eip1193Provider {
  const ethereum = (window as { ethereum?: Eip1193Provider }).ethereum;
  if (!ethereum || typeof ethereum.request !== "function") throw new WalletError("web3_wallet_extension_missing");
  return ethereum;
}

/** The wallet's refusals: 4001 is the person declining in the wallet (EIP-1193). */
async function ask<T>(wallet: Eip1193Provider, method: string, params?: unknown[]): Promise<T> {
  try {
    return (await wallet.request({ method, params })) as T;
  } catch (error) {
    if ((error as { code?: unknown }).code === 4001) throw new WalletError("web3_request_rejected");
    throw new WalletError(undefined, 0);
  }
}

/** The wallet's selected address and chain, after the person lets the site see them. */
async function account(wallet: Eip1193Provider): Promise<{ address: string; chainId: number }> {
  const [address] = await ask<string[]>(wallet, "eth_requestAccounts");
  if (!address) throw new WalletError("web3_request_rejected");
  const chain = await ask<string>(wallet, "eth_chainId").catch(() => "0x1");
  return { address, chainId: Number.parseInt(chain, 16) || 1 };
}

/** `personal_sign` takes the message as hex of its UTF-8 bytes. */
const hexOf = (text: string) => `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, "0")).join("")}`;

const sign = (wallet: Eip1193Provider, address: string, message: string) => ask<string>(wallet, "personal_sign", [hexOf(message), address]);

/** Connects the wallet's selected address to the signed-in account. */
export async function connectWallet(): Promise<WalletSummary> {
  const wallet = provider();
  const { address, chainId } = await account(wallet);
  const challenge = await request("POST /api/account/wallets/challenge", { body: { address, chainId } });
  const signature = await sign(wallet, address, challenge.message);
  return request("POST /api/account/wallets", { body: { nonce: challenge.nonce, signature } });
}

async function call<T>(path: string, body: unknown): Promise<T> {
  const { data, error } = await authClient.$fetch<T>(path, { method: "POST", body } as never);
  if (error) throw new WalletError((error as AuthError).code, (error as AuthError).status);
  return data as T;
}

/** Signs in with a wallet connected to an account (never creates one). */
export async function signInWithWallet(): Promise<void> {
  const wallet = provider();
  const { address, chainId } = await account(wallet);
  const challenge = await call<WalletChallenge>("/sign-in/wallet/challenge", { address, chainId });
  const signature = await sign(wallet, address, challenge.message);
  await call("/sign-in/wallet", { nonce: challenge.nonce, signature });
}

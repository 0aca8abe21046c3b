import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";

/** The header a solved challenge travels in. */
export const CAPTCHA_HEADER = "x-captcha-response";

/** Solves a challenge in Node as the browser's widget does, and encodes it as the widget sends it. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the challenge could not be solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** Fetches a challenge from a server (`baseUrl`) and solves it: the header value for one guarded request. */
export async function solvedChallenge(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/bot-protection/challenge`);
  if (!res.ok) throw new Error(`no challenge: ${res.status}`);
  return solve((await res.json()) as Challenge);
}

/** Headers for one guarded request to a server with bot protection on (a solution is ignored where none is asked for). */
export async function botCheckHeaders(baseUrl: string): Promise<Record<string, string>> {
  return { [CAPTCHA_HEADER]: await solvedChallenge(baseUrl) };
}

import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from "@simplewebauthn/browser";
import { type WireCode, wireCodeOf } from "../../core/error-codes";
import { authClient } from "./client";
import type { AuthError } from "./errors";

/**
 * Passkeys in the browser: registering one on the security page and signing in with one on the
 * sign-in page (by the button or the browser's autofill). Loaded only when needed (a dynamic
 * import), so neither the landing page nor the sign-in page's first screen carries it.
 *
 * Every failure is thrown as an `AuthError` with a wire code (core/error-codes.ts) that `errors.ts`
 * turns into the catalogue's message: the server's answers carry one already, and the browser's
 * refusals are given the one of the same meaning.
 */
export class PasskeyError extends Error implements AuthError {
  readonly code: WireCode | undefined;

  constructor(
    code: unknown,
    readonly status: number | undefined = 400,
  ) {
    super(typeof code === "string" ? code : "passkey");
    this.code = wireCodeOf(code);
    this.name = "PasskeyError";
  }
}

/** The browser's ceremony was withdrawn by the page (another one began, or the page was left). */
const aborted = (error: unknown) =>
  (error as { code?: string }).code === "ERROR_CEREMONY_ABORTED" || (error as { name?: string }).name === "AbortError";

function browserFailure(error: unknown, cancelled: WireCode): never {
  const code = (error as { code?: string }).code;
  const name = (error as { name?: string }).name;
  if (aborted(error)) throw new PasskeyError(cancelled);
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError")
    throw new PasskeyError("passkey_already_exists");
  // The browser does not tell a cancel from a timeout: one message says both.
  if (name === "NotAllowedError") throw new PasskeyError(cancelled);
  // A site served under an IP address or without HTTPS away from localhost: the browser offers no passkeys here.
  if (name === "SecurityError" || code === "ERROR_INVALID_DOMAIN" || code === "ERROR_INVALID_RP_ID")
    throw new PasskeyError("passkey_not_supported");
  if (name === "NotSupportedError" || code === "ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT")
    throw new PasskeyError("passkey_pa_not_supported");
  throw new PasskeyError(undefined, 0);
}

async function call<T>(path: string, init: { method: "GET" | "POST"; query?: Record<string, string>; body?: unknown }): Promise<T> {
  const { data, error } = await authClient.$fetch<T>(path, init as never);
  if (error) throw new PasskeyError((error as AuthError).code, (error as AuthError).status);
  return data as T;
}

/** Creates a passkey for the signed-in account, named as given. */
export async function registerPasskey(name: string): Promise<void> {
  if (!browserSupportsWebAuthn()) throw new PasskeyError("passkey_not_supported");
  const optionsJSON = await call<Parameters<typeof startRegistration>[0]["optionsJSON"]>("/passkey/generate-register-options", {
    method: "GET",
    query: { name },
  });
  let response: Awaited<ReturnType<typeof startRegistration>>;
  try {
    response = await startRegistration({ optionsJSON });
  } catch (error) {
    browserFailure(error, "passkey_registration_cancelled");
  }
  await call("/passkey/verify-registration", { method: "POST", body: { response, name } });
}

/**
 * Signs in with a passkey: true once signed in. With `autofill`, waits for the person to pick one
 * from the browser's suggestions on the username field (conditional mediation) and answers false
 * when the browser offers none or the offer is withdrawn (a press of the button starts its own).
 */
export async function signInWithPasskey(autofill = false): Promise<boolean> {
  if (autofill && !(browserSupportsWebAuthn() && (await browserSupportsWebAuthnAutofill()))) return false;
  if (!browserSupportsWebAuthn()) throw new PasskeyError("passkey_not_supported");
  const challenge = call<Parameters<typeof startAuthentication>[0]["optionsJSON"]>("/passkey/generate-authenticate-options", {
    method: "GET",
  });
  // The autofill offer is made on every visit: a server that cannot answer now leaves the page as it was.
  const optionsJSON = autofill ? await challenge.catch(() => null) : await challenge;
  if (!optionsJSON) return false;
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  } catch (error) {
    // The autofill offer fails quietly (withdrawn, or a site the browser offers no passkeys for): the button is still there.
    if (autofill) return false;
    browserFailure(error, "passkey_retrieval_cancelled");
  }
  await call("/passkey/verify-authentication", { method: "POST", body: { response } });
  return true;
}

/** Withdraws a pending autofill offer (the sign-in page is left). */
export function cancelPasskeyAutofill(): void {
  WebAuthnAbortService.cancelCeremony();
}

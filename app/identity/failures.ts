import { type WireCode, wireCodeOf } from "../../core/error-codes";
import type { AuthError } from "./errors";

/** A refused identity call, thrown so that one `try` covers Better Auth's and our own calls. */
export class SecurityCallError extends Error implements AuthError {
  readonly code: WireCode | undefined;

  constructor(
    code: unknown,
    readonly status: number | undefined,
  ) {
    super(typeof code === "string" ? code : "error");
    this.code = wireCodeOf(code);
    this.name = "SecurityCallError";
  }
}

/** Unwraps Better Auth's `{ data, error }` answer: the data, or a thrown `SecurityCallError`. */
export async function unwrap<T>(call: Promise<{ data: T | null; error: AuthError | null }>): Promise<T> {
  const { data, error } = await call;
  if (error) throw new SecurityCallError(error.code, error.status);
  return data as T;
}

/** The code and status of anything an identity call threw (our API, Better Auth, or the network). */
export function failureOf(error: unknown): AuthError {
  if (error && typeof error === "object" && "status" in error) {
    const { code, status } = error as AuthError;
    return { code, status };
  }
  return { status: 0 };
}

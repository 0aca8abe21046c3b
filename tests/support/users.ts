import { randomUUID } from "node:crypto";
import type { TestServer } from "./server.js";
import { codeIn, type startSmtpCapture } from "./smtp.js";

type Smtp = Awaited<ReturnType<typeof startSmtpCapture>>;

export interface TestUser {
  id: string;
  email: string;
  cookie: string;
  /** Bearer token of the same session. */
  token: string;
}

export const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

/** A verified, signed-in user created through Better Auth's HTTP API and the e-mailed code. */
export async function signedInUser(
  /** A test server, or anything that reaches one the same way (the cluster's load balancer). */
  server: Pick<TestServer, "fetch">,
  smtp: Smtp,
  name = "Test User",
  /** Extra request headers, e.g. the client address a server with a trusted address header counts. */
  headers: Record<string, string> = {},
): Promise<TestUser> {
  const email = `user-${randomUUID()}@example.com`;
  const password = "correct horse battery";
  const signUp = await server.fetch("/api/auth/sign-up/email", json({ name, email, password, legalConsent: true }, headers));
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  const code = codeIn(await smtp.waitFor(email));
  const verify = await server.fetch("/api/auth/email-otp/verify-email", json({ email, otp: code }, headers));
  if (!verify.ok) throw new Error(`verification failed: ${verify.status}`);
  const signIn = await server.fetch("/api/auth/sign-in/email", json({ email, password }, headers));
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] as string;
  const token = signIn.headers.get("set-auth-token") ?? "";
  const { user } = (await signIn.json()) as { user: { id: string } };
  return { id: user.id, email, cookie, token };
}

import { afterAll, beforeAll } from "vitest";
import { startOidcServer } from "./oidc.js";
import { startTestServer, type TestServer } from "./server.js";
import { startSmtpCapture } from "./smtp.js";
import { signedInUser, type TestUser } from "./users.js";

export type Smtp = Awaited<ReturnType<typeof startSmtpCapture>>;
export type OidcServer = Awaited<ReturnType<typeof startOidcServer>>;

/** A started server with its mail capture (and OIDC provider, where asked for); set once the tests run. */
export interface ServerWithMail {
  server: TestServer;
  smtp: Smtp;
  /** Only with `{ oidc: true }`. */
  oidc: OidcServer;
  /** A verified user signed in through the sign-up API and the mailed code. */
  signIn(name?: string, headers?: Record<string, string>): Promise<TestUser>;
}

/**
 * A test server on `kind` whose mail goes to a local SMTP capture, started before the tests of the
 * block it is called in and stopped after them. `env` adds to the server's settings; with
 * `oidc`, a local OpenID provider stands in for Google.
 */
export function serverWithMail(
  kind: "pglite" | "postgres",
  env: Record<string, string> = {},
  opts: { oidc?: boolean } = {},
): ServerWithMail {
  const started = {
    signIn: (name?: string, headers?: Record<string, string>) => signedInUser(started.server, started.smtp, name, headers),
  } as ServerWithMail;
  beforeAll(async () => {
    started.smtp = await startSmtpCapture();
    if (opts.oidc) started.oidc = await startOidcServer();
    started.server = await startTestServer(kind, { SMTP_URL: started.smtp.url, ...started.oidc?.env, ...env });
  });
  afterAll(async () => {
    await started.server?.stop();
    await started.oidc?.stop();
    await started.smtp?.close();
  });
  return started;
}

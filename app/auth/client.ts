import { emailOTPClient, inferAdditionalFields, organizationClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/**
 * The browser's Better Auth client (same origin, /api/auth). Import it only from account-area
 * modules so public pages do not load it.
 */
export const authClient = createAuthClient({
  basePath: "/api/auth",
  plugins: [emailOTPClient(), organizationClient(), inferAdditionalFields({ user: { locale: { type: "string", required: false } } })],
});

export type Session = typeof authClient.$Infer.Session;

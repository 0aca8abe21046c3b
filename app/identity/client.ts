import {
  emailOTPClient,
  inferAdditionalFields,
  multiSessionClient,
  organizationClient,
  twoFactorClient,
  usernameClient,
} from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/**
 * The browser's Better Auth client (same origin, /api/auth). Import it only from account-area
 * modules so public pages do not load it.
 */
export const authClient = createAuthClient({
  basePath: "/api/auth",
  // The server answers team refusals in the page's language.
  fetchOptions: {
    onRequest(context) {
      if (typeof document !== "undefined" && document.documentElement.lang)
        context.headers.set("x-language", document.documentElement.lang);
      return context;
    },
  },
  plugins: [
    emailOTPClient(),
    organizationClient(),
    multiSessionClient(),
    usernameClient(),
    // The sign-in form handles the second step itself (no redirect to another page).
    twoFactorClient(),
    inferAdditionalFields({
      user: {
        locale: { type: "string", required: false },
        // Sign-up profile and plan; the team fields are set by the server.
        firstName: { type: "string", required: false },
        lastName: { type: "string", required: false },
        planType: { type: "string", required: false },
        teamName: { type: "string", required: false },
        createOrganization: { type: "boolean", required: false, input: false },
        organizationName: { type: "string", required: false, input: false },
        // The operator role (the admin plugin's field); the server checks it again on every console call.
        role: { type: "string", required: false, input: false },
        // The version of the terms the account agreed to (core/legal.ts); set by the server.
        legalConsentVersion: { type: "string", required: false, input: false },
      },
      // Set when an operator opened this session to act as the user (docs/decisions/080).
      session: { impersonatedBy: { type: "string", required: false, input: false } },
    }),
  ],
});

export type Session = typeof authClient.$Infer.Session;

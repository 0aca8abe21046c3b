/** Apps that sign in with the authorization server (docs/decisions/089, 091): the console's, the consent page's and the security page's shapes. */
import { z } from "zod";
import { APP_NAME_MAX, APP_REDIRECT_URIS_MAX, APP_TYPES, isRedirectUri, OAUTH_SCOPES } from "../oauth";

/** POST /api/admin/apps: an app to register. */
export const registerAppBody = z.object({
  name: z.string().trim().min(1).max(APP_NAME_MAX),
  redirectUris: z
    .array(z.string().refine(isRedirectUri))
    .min(1)
    .max(APP_REDIRECT_URIS_MAX)
    .transform((uris) => [...new Set(uris)]),
  scopes: z
    .array(z.enum(OAUTH_SCOPES))
    .min(1)
    .max(OAUTH_SCOPES.length)
    .transform((scopes) => OAUTH_SCOPES.filter((s) => scopes.includes(s))),
  type: z.enum(APP_TYPES),
});

/** A registered app as the console lists it; `firstParty`: the extension, configured by EXTENSION_IDS. */
export const appRow = z.object({
  clientId: z.string(),
  name: z.string(),
  type: z.enum(APP_TYPES),
  redirectUris: z.array(z.string()),
  scopes: z.array(z.string()),
  disabled: z.boolean(),
  firstParty: z.boolean(),
  createdAt: z.string().nullable(),
});

/** GET /api/admin/apps: every app, the extension first, then the newest. */
export const appList = z.object({ items: z.array(appRow) });

/** The answer of a registration: the app, and its secret (confidential apps) shown this once. */
export const registeredApp = z.object({ item: appRow, clientSecret: z.string().nullable() });

/** An app with access to the user's account: when the access was granted and last renewed. */
export const connectedApp = z.object({
  clientId: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  grantedAt: z.string(),
  lastUsedAt: z.string(),
});

/** GET /api/account/connected-apps. */
export const connectedAppList = z.object({ items: z.array(connectedApp) });

/** GET /api/account/consent/:clientId: what the consent page names: the app and the scopes it asks for that it may have. */
export const consentRequest = z.object({ clientId: z.string(), name: z.string(), scopes: z.array(z.enum(OAUTH_SCOPES)) });

/** POST /api/auth/oauth2/consent (the library's): where the browser goes next, back to the app. */
export const consentAnswer = z.object({ redirect: z.boolean().optional(), url: z.string() });

import { createHash } from "node:crypto";
import type { z } from "zod";
import type { appRow } from "../../core/api/oauth.js";
import { EXTENSION_CLIENT_ID, OAUTH_SCOPES, type OAuthScope } from "../../core/oauth.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";

/**
 * The apps that sign in with the authorization server (docs/decisions/091): the extension and the
 * apps of others that operators register (server/operator/apps.ts). The rows are the OAuth provider
 * plugin's own clients: the plugin reads them at every authorization and token request.
 */

export type AppRow = z.output<typeof appRow>;

/**
 * How a client secret is kept: its SHA-256, so a copy of the database cannot sign in as an app.
 * The plugin checks a presented secret with this same function (server/oauth/provider.ts).
 */
export const hashClientSecret = async (secret: string) => createHash("sha256").update(secret).digest("base64url");

const list = (value: unknown): string[] => {
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
};

export const rowOf = (client: {
  clientId: string;
  name: string | null;
  tokenEndpointAuthMethod: string | null;
  redirectUris: unknown;
  scopes: unknown;
  disabled: boolean | null;
  createdAt: Date | string | null;
}): AppRow => ({
  clientId: client.clientId,
  name: client.name ?? client.clientId,
  type: client.tokenEndpointAuthMethod === "none" ? "public" : "confidential",
  redirectUris: list(client.redirectUris),
  scopes: list(client.scopes),
  disabled: client.disabled === true,
  firstParty: client.clientId === EXTENSION_CLIENT_ID,
  createdAt: client.createdAt ? new Date(client.createdAt).toISOString() : null,
});

export const APP_COLUMNS = ["clientId", "name", "tokenEndpointAuthMethod", "redirectUris", "scopes", "disabled", "createdAt"] as const;

/** Every app, the extension first, then the newest. */
export async function listApps(db: DB): Promise<AppRow[]> {
  const rows = await db.selectFrom("oauthClient").select(APP_COLUMNS).orderBy("createdAt", "desc").execute();
  return rows.map(rowOf).sort((a, b) => Number(b.firstParty) - Number(a.firstParty));
}

/**
 * What the consent page shows for an authorization: the app's name and the scopes it asks for
 * (those it may have, in the catalog's order). An unknown app is not found; a disabled one refused.
 */
export async function consentRequestOf(db: DB, clientId: string, scope: string | undefined) {
  const app = await db
    .selectFrom("oauthClient")
    .select(["clientId", "name", "disabled", "scopes"])
    .where("clientId", "=", clientId)
    .executeTakeFirst();
  if (!app) throw new AppError("appNotFound");
  if (app.disabled) throw new AppError("appDisabled");
  // An app registered without scopes may ask for any (the plugin's rule).
  const allowed = app.scopes === null ? [...OAUTH_SCOPES] : list(app.scopes);
  const asked = scope === undefined ? allowed : scope.split(" ").filter(Boolean);
  const scopes: OAuthScope[] = OAUTH_SCOPES.filter((s) => asked.includes(s) && allowed.includes(s));
  return { clientId: app.clientId, name: app.name ?? app.clientId, scopes };
}

import { EXTENSION_CLIENT_ID, extensionRedirectUri, OAUTH_SCOPES } from "../../core/oauth.js";
import type { Config } from "../config.js";
import type { DB } from "../db/database.js";
import { ACCESS_TOKEN_SECONDS, apiResourceOf } from "./provider.js";

/**
 * What the authorization server takes from the configuration, written at every start: the API as
 * the resource access tokens are for, and the extension's client.
 */
export async function seedAuthorizationServer(db: DB, config: Pick<Config, "BASE_URL" | "EXTENSION_IDS">): Promise<void> {
  await registerApiResource(db, config);
  await registerExtensionClient(db, config);
}

/** The API under /api/v1 as a resource: its access tokens live ten minutes. */
async function registerApiResource(db: DB, config: Pick<Config, "BASE_URL">): Promise<void> {
  const now = new Date();
  const resource = { name: "API", accessTokenTtl: ACCESS_TOKEN_SECONDS, disabled: false, updatedAt: now };
  await db
    .insertInto("oauthResource")
    .values({ id: crypto.randomUUID(), identifier: apiResourceOf(config), createdAt: now, policyVersion: 1, ...resource })
    .onConflict((oc) => oc.column("identifier").doUpdateSet(resource))
    .execute();
}

/**
 * Registers the Chrome extension as the first-party client `extension` (docs/decisions/089): a
 * public client (no secret, PKCE), trusted to skip the consent screen, with one redirect address
 * per id of EXTENSION_IDS. Written at every start, so the setting is the only source; without ids
 * the client is disabled, which ends its tokens' refresh.
 */
async function registerExtensionClient(db: DB, config: Pick<Config, "EXTENSION_IDS">): Promise<void> {
  const now = new Date();
  const enabled = config.EXTENSION_IDS.length > 0;
  const client = {
    name: "Recruiting CRM extension",
    redirectUris: JSON.stringify(config.EXTENSION_IDS.map(extensionRedirectUri)),
    scopes: JSON.stringify(OAUTH_SCOPES),
    grantTypes: JSON.stringify(["authorization_code", "refresh_token"]),
    responseTypes: JSON.stringify(["code"]),
    tokenEndpointAuthMethod: "none",
    requirePKCE: true,
    skipConsent: true,
    disabled: !enabled,
    updatedAt: now,
  };
  await db
    .insertInto("oauthClient")
    .values({ id: crypto.randomUUID(), clientId: EXTENSION_CLIENT_ID, createdAt: now, ...client })
    .onConflict((oc) => oc.column("clientId").doUpdateSet(client))
    .execute();
  if (!enabled) {
    await db
      .updateTable("oauthRefreshToken")
      .set({ revoked: now })
      .where("clientId", "=", EXTENSION_CLIENT_ID)
      .where("revoked", "is", null)
      .execute();
  }
}

import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type { registerAppBody } from "../../core/api/oauth.js";
import { type AppType, EXTENSION_CLIENT_ID } from "../../core/oauth.js";
import { AppError } from "../errors.js";
import { APP_COLUMNS, type AppRow, hashClientSecret, rowOf } from "../oauth/clients.js";
import { revokeClientGrants } from "../oauth/grants.js";
import { type AuditActor, type AuditDeps, operatorChange } from "./audit-log.js";

/** Apps of others on the console (docs/decisions/091): operators register them and turn them off or on; each change is audited. */

/**
 * Registers an app: a random client id, and for a confidential app a secret answered this once
 * (only its hash is kept). Every app uses PKCE and asks the user's consent; it may ask for the
 * scopes given here and no others.
 */
export async function registerApp(
  deps: AuditDeps,
  actor: AuditActor,
  input: z.output<typeof registerAppBody>,
): Promise<{ item: AppRow; clientSecret: string | null }> {
  const clientId = `app_${randomBytes(12).toString("base64url")}`;
  const clientSecret = input.type === "confidential" ? randomBytes(32).toString("base64url") : null;
  const now = new Date();
  const authMethod: Record<AppType, string> = { confidential: "client_secret_basic", public: "none" };
  const item = await operatorChange(
    deps,
    actor,
    {
      action: "app.create",
      targetType: "app",
      targetId: clientId,
      targetLabel: input.name,
      details: { type: input.type, scopes: input.scopes },
    },
    async (trx) => {
      const row = await trx
        .insertInto("oauthClient")
        .values({
          id: crypto.randomUUID(),
          clientId,
          clientSecret: clientSecret ? await hashClientSecret(clientSecret) : null,
          name: input.name,
          redirectUris: JSON.stringify(input.redirectUris),
          scopes: JSON.stringify(input.scopes),
          grantTypes: JSON.stringify(["authorization_code", "refresh_token"]),
          responseTypes: JSON.stringify(["code"]),
          tokenEndpointAuthMethod: authMethod[input.type],
          requirePKCE: true,
          skipConsent: false,
          disabled: false,
          createdAt: now,
          updatedAt: now,
        })
        .returning(APP_COLUMNS)
        .executeTakeFirstOrThrow();
      return rowOf(row);
    },
  );
  return { item, clientSecret };
}

/**
 * Turns an app off or on again. Off ends every user's access through it at once (its refresh
 * tokens are revoked; an access token already issued lives out its ten minutes), the users'
 * consents are forgotten, and the plugin refuses its authorizations and token requests. Turned on
 * again, it starts with no access: each user is asked to consent anew. The extension follows
 * EXTENSION_IDS and is not switched here.
 */
export async function setAppDisabled(deps: AuditDeps, actor: AuditActor, clientId: string, disabled: boolean): Promise<void> {
  const app = await deps.db.selectFrom("oauthClient").select(["name", "disabled"]).where("clientId", "=", clientId).executeTakeFirst();
  if (!app) throw new AppError("appNotFound");
  if (clientId === EXTENSION_CLIENT_ID) throw new AppError("appConfigured");
  await operatorChange(
    deps,
    actor,
    { action: disabled ? "app.disable" : "app.enable", targetType: "app", targetId: clientId, targetLabel: app.name },
    async (trx) => {
      await trx.updateTable("oauthClient").set({ disabled, updatedAt: new Date() }).where("clientId", "=", clientId).execute();
      if (disabled) {
        await revokeClientGrants(trx, clientId);
        await trx.deleteFrom("oauthConsent").where("clientId", "=", clientId).execute();
      }
    },
  );
}

import type { MiddlewareHandler } from "hono";
import { type ApiScope, isApiScope } from "../../core/api-scopes.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import type { VerifyAccessToken } from "./access-tokens.js";
import { principalOfApiKey } from "./api-keys.js";
import { readBearer } from "./authorization-header.js";
import { looksLikeApiKey } from "./key-format.js";

/**
 * Who calls the API: a user (by an app's access token or a personal key) or a team (by its key).
 * `subject` names the access the rate limit counts: one key, or one app's access for one user.
 */
export type Principal =
  | { kind: "user"; userId: string; scopes: ReadonlySet<ApiScope>; subject: string }
  | { kind: "team"; organizationId: string; scopes: ReadonlySet<ApiScope>; subject: string };

export type ApiEnv = AppEnv & { Variables: { principal: Principal } };

/**
 * The credential of `Authorization: Bearer …`: a key (prefix `rcrm_`) looked up by its hash, any
 * other an access token verified without a database read. The site's cookie is never read here,
 * so no page of another site can call the API with a visitor's session.
 */
export function authenticate(deps: { db: DB; verifyAccessToken: VerifyAccessToken }): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const credential = readBearer(c.req.header("authorization"));
    if (credential.kind === "missing") throw new AppError("apiInvalidToken");
    if (credential.kind === "malformed") throw new AppError("invalidAuthorization");
    c.set("principal", await principalOf(deps, credential.token));
    await next();
  };
}

async function principalOf(deps: { db: DB; verifyAccessToken: VerifyAccessToken }, token: string): Promise<Principal> {
  if (looksLikeApiKey(token)) {
    const key = await principalOfApiKey(deps.db, token);
    if (!key) throw new AppError("apiInvalidToken");
    const scopes = new Set(key.scopes);
    const subject = `key:${key.keyId}`;
    return key.kind === "user"
      ? { kind: "user", userId: key.userId, scopes, subject }
      : { kind: "team", organizationId: key.organizationId, scopes, subject };
  }
  const claims = await deps.verifyAccessToken(token).catch(() => null);
  if (!claims) throw new AppError("apiInvalidToken");
  return {
    kind: "user",
    userId: claims.userId,
    scopes: new Set(claims.scopes.filter(isApiScope)),
    subject: `app:${claims.clientId}:${claims.userId}`,
  };
}

/** Refuses with 403 insufficient_scope (RFC 6750 §3.1) unless the principal has one of `scopes`. */
export function requireScope(...scopes: ApiScope[]): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const granted = c.var.principal.scopes;
    if (!scopes.some((s) => granted.has(s))) {
      const scope = scopes.join(" ");
      throw new AppError("insufficientScope", {
        params: { scope },
        headers: { "WWW-Authenticate": `Bearer realm="api", error="insufficient_scope", scope="${scope}"` },
      });
    }
    await next();
  };
}

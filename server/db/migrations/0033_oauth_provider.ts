import { type Kysely, sql } from "kysely";

/**
 * The authorization server's tables (docs/decisions/089): the JWT plugin's signing keys and the OAuth
 * provider plugin's clients, resources, refresh and opaque access tokens, consents and client
 * assertions, as the library's own migration helper generates them. Ours: a session that ends while
 * still valid (signing out, a device signed out, a ban) revokes the refresh tokens granted in it,
 * whatever route ended it; an expired session's clean-up leaves them (docs/decisions/090).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table "jwks" ("id" text not null primary key, "publicKey" text not null, "privateKey" text not null,
      "createdAt" timestamptz not null, "expiresAt" timestamptz, "alg" text, "crv" text);
    create table "oauthClient" ("id" text not null primary key, "clientId" text not null unique, "clientSecret" text,
      "clientDiscoveryId" text, "disabled" boolean, "skipConsent" boolean, "enableEndSession" boolean, "subjectType" text,
      "scopes" jsonb, "clientCredentialsScopes" jsonb, "userId" text references "user" ("id") on delete cascade,
      "createdAt" timestamptz, "updatedAt" timestamptz, "name" text, "uri" text, "icon" text, "contacts" jsonb, "tos" text,
      "policy" text, "softwareId" text, "softwareVersion" text, "softwareStatement" text, "redirectUris" jsonb not null,
      "postLogoutRedirectUris" jsonb, "backchannelLogoutUri" text, "backchannelLogoutSessionRequired" boolean,
      "tokenEndpointAuthMethod" text, "applicationType" text, "jwks" text, "jwksUri" text, "grantTypes" jsonb,
      "responseTypes" jsonb, "requirePKCE" boolean, "dpopBoundAccessTokens" boolean, "referenceId" text, "metadata" jsonb);
    create table "oauthResource" ("id" text not null primary key, "identifier" text not null unique, "name" text not null,
      "accessTokenTtl" integer, "refreshTokenTtl" integer, "signingAlgorithm" text, "signingKeyId" text, "allowedScopes" jsonb,
      "customClaims" jsonb, "dpopBoundAccessTokensRequired" boolean, "disabled" boolean, "createdAt" timestamptz,
      "updatedAt" timestamptz, "policyVersion" integer, "metadata" jsonb);
    create table "oauthClientResource" ("id" text not null primary key,
      "clientId" text not null references "oauthClient" ("clientId") on delete cascade,
      "resourceId" text not null references "oauthResource" ("identifier") on delete cascade, "metadata" jsonb, "createdAt" timestamptz);
    create table "oauthRefreshToken" ("id" text not null primary key, "token" text not null unique,
      "clientId" text not null references "oauthClient" ("clientId") on delete cascade,
      "sessionId" text references "session" ("id") on delete set null, "userId" text not null references "user" ("id") on delete cascade,
      "referenceId" text, "authorizationCodeId" text, "resources" jsonb, "requestedUserInfoClaims" jsonb,
      "expiresAt" timestamptz not null, "createdAt" timestamptz not null, "revoked" timestamptz, "rotatedAt" timestamptz,
      "rotationReplayResponse" text, "rotationReplayExpiresAt" timestamptz, "authTime" timestamptz, "confirmation" jsonb,
      "scopes" jsonb not null);
    create table "oauthAccessToken" ("id" text not null primary key, "token" text not null unique,
      "clientId" text not null references "oauthClient" ("clientId") on delete cascade,
      "sessionId" text references "session" ("id") on delete set null, "userId" text references "user" ("id") on delete cascade,
      "referenceId" text, "authorizationCodeId" text, "resources" jsonb, "requestedUserInfoClaims" jsonb,
      "refreshId" text references "oauthRefreshToken" ("id") on delete cascade, "expiresAt" timestamptz not null,
      "createdAt" timestamptz not null, "revoked" timestamptz, "confirmation" jsonb, "scopes" jsonb not null);
    create table "oauthConsent" ("id" text not null primary key,
      "clientId" text not null references "oauthClient" ("clientId") on delete cascade,
      "userId" text references "user" ("id") on delete cascade, "referenceId" text, "resources" jsonb,
      "requestedUserInfoClaims" jsonb, "scopes" jsonb not null, "createdAt" timestamptz not null, "updatedAt" timestamptz not null);
    create table "oauthClientAssertion" ("id" text not null primary key, "expiresAt" timestamptz not null);
    create index "oauthClient_userId_idx" on "oauthClient" ("userId");
    create index "oauthClientResource_clientId_idx" on "oauthClientResource" ("clientId");
    create index "oauthClientResource_resourceId_idx" on "oauthClientResource" ("resourceId");
    create index "oauthRefreshToken_clientId_idx" on "oauthRefreshToken" ("clientId");
    create index "oauthRefreshToken_sessionId_idx" on "oauthRefreshToken" ("sessionId");
    create index "oauthRefreshToken_userId_idx" on "oauthRefreshToken" ("userId");
    create index "oauthRefreshToken_authorizationCodeId_idx" on "oauthRefreshToken" ("authorizationCodeId");
    create index "oauthAccessToken_clientId_idx" on "oauthAccessToken" ("clientId");
    create index "oauthAccessToken_sessionId_idx" on "oauthAccessToken" ("sessionId");
    create index "oauthAccessToken_userId_idx" on "oauthAccessToken" ("userId");
    create index "oauthAccessToken_authorizationCodeId_idx" on "oauthAccessToken" ("authorizationCodeId");
    create index "oauthAccessToken_refreshId_idx" on "oauthAccessToken" ("refreshId");
    create index "oauthConsent_clientId_idx" on "oauthConsent" ("clientId");
    create index "oauthConsent_userId_idx" on "oauthConsent" ("userId");
    create unique index "oauthClientResource_clientId_resourceId_uidx" on "oauthClientResource" ("clientId", "resourceId");

    create function "session_end_revokes_oauth_tokens"() returns trigger language plpgsql as $$
    begin
      if old."expiresAt" > now() then
        update "oauthRefreshToken" set "revoked" = now() where "sessionId" = old."id" and "revoked" is null;
      end if;
      return old;
    end $$;
    create trigger "session_end_revokes_oauth_tokens" before delete on "session"
      for each row execute function "session_end_revokes_oauth_tokens"();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger "session_end_revokes_oauth_tokens" on "session";
    drop function "session_end_revokes_oauth_tokens"();
    drop table "oauthClientAssertion", "oauthConsent", "oauthAccessToken", "oauthRefreshToken", "oauthClientResource",
      "oauthResource", "oauthClient", "jwks";
  `.execute(db);
}

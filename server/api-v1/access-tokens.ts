/**
 * The OAuth server's access tokens as the API sees them: JWTs checked against the server's signing
 * keys without a database read (server/oauth/access-tokens.ts, docs/decisions/089).
 */
export type { AccessTokenGrant as AccessTokenClaims, VerifyAccessToken } from "../oauth/access-tokens.js";

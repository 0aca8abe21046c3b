/**
 * The one place where the OAuth server's access tokens are checked for the API. They are JWTs,
 * verified against the server's signing keys without a database read; the OAuth server's
 * `verifyAccessToken` (server/oauth/access-tokens.ts) is what belongs here. Until it is wired, no
 * access token is accepted: every credential that is not an API key answers 401 invalid_token.
 */
export interface AccessTokenClaims {
  userId: string;
  clientId: string;
  scopes: string[];
}

export type VerifyAccessToken = (token: string) => Promise<AccessTokenClaims | null>;

export const verifyAccessToken: VerifyAccessToken = async () => null;

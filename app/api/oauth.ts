import type { RegisterAppRequest } from "../../core/api";
import { request } from "./client";

/** The console's apps (operators only). */
export const appsApi = {
  list: () => request("GET /api/admin/apps"),
  register: (body: RegisterAppRequest) => request("POST /api/admin/apps", { body }),
  disable: (clientId: string) => request("POST /api/admin/apps/:clientId/disable", { params: { clientId } }),
  enable: (clientId: string) => request("POST /api/admin/apps/:clientId/enable", { params: { clientId } }),
};

/** The signed-in user's apps with access, and disconnecting one. */
export const connectedAppsApi = {
  list: async () => (await request("GET /api/account/connected-apps")).items,
  disconnect: (clientId: string) => request("POST /api/account/connected-apps/:clientId/disconnect", { params: { clientId } }),
};

/** What the consent page shows: the app's name and the scopes it asks for. */
export function fetchConsentRequest(clientId: string, scope: string | null) {
  return request("GET /api/account/consent/:clientId", { params: { clientId }, query: scope === null ? {} : { scope } });
}

/**
 * The user's answer, sent with the authorization's signed query to the authorization server: where
 * the browser goes next, back to the app with a code or with `error=access_denied`.
 */
export function answerConsent(accept: boolean, signedQuery: string) {
  return request("POST /api/auth/oauth2/consent", { body: { accept, oauth_query: signedQuery } });
}

import type { CreateApiKeyRequest } from "../../core/api";
import { request } from "./client";

/** Whose keys a screen manages: the signed-in user's, or a team's (its admins). */
export type KeyOwner = { kind: "user" } | { kind: "team"; teamId: string };

export function fetchApiKeys(owner: KeyOwner) {
  return owner.kind === "user"
    ? request("GET /api/account/api-keys")
    : request("GET /api/teams/:teamId/api-keys", { params: { teamId: owner.teamId } });
}

export function createApiKey(owner: KeyOwner, body: CreateApiKeyRequest) {
  return owner.kind === "user"
    ? request("POST /api/account/api-keys", { body })
    : request("POST /api/teams/:teamId/api-keys", { params: { teamId: owner.teamId }, body });
}

export function revokeApiKey(owner: KeyOwner, keyId: string) {
  return owner.kind === "user"
    ? request("POST /api/account/api-keys/:keyId/revoke", { params: { keyId } })
    : request("POST /api/teams/:teamId/api-keys/:keyId/revoke", { params: { teamId: owner.teamId, keyId } });
}

/** The operator's view of a user's or a team's keys. */
export function fetchKeysAsOperator(owner: { userId: string } | { teamId: string }) {
  return "userId" in owner
    ? request("GET /api/admin/users/:userId/api-keys", { params: { userId: owner.userId } })
    : request("GET /api/admin/teams/:teamId/api-keys", { params: { teamId: owner.teamId } });
}

export function revokeKeyAsOperator(keyId: string) {
  return request("POST /api/admin/api-keys/:keyId/revoke", { params: { keyId } });
}

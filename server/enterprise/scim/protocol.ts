/**
 * The SCIM 2.0 protocol's fixed parts (RFC 7643, RFC 7644): schema names, the error document, list
 * answers, and the discovery documents that describe what this service provider supports: Users
 * with filtering on `userName`, `externalId` and `id`, PATCH, no Groups, no bulk, no sorting, no
 * ETags, no password changes; authentication by the team's bearer token.
 */
import { SCIM_BASE_PATH } from "../../../core/api/sso.js";

export const SCHEMA = {
  user: "urn:ietf:params:scim:schemas:core:2.0:User",
  enterpriseUser: "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User",
  error: "urn:ietf:params:scim:api:messages:2.0:Error",
  listResponse: "urn:ietf:params:scim:api:messages:2.0:ListResponse",
  patchOp: "urn:ietf:params:scim:api:messages:2.0:PatchOp",
  serviceProviderConfig: "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig",
  resourceType: "urn:ietf:params:scim:schemas:core:2.0:ResourceType",
  schema: "urn:ietf:params:scim:schemas:core:2.0:Schema",
} as const;

export const SCIM_CONTENT_TYPE = "application/scim+json";
/** The most resources one list answer holds (`filter.maxResults`); `count` above it is lowered to it. */
export const MAX_RESULTS = 200;

/** The `scimType` values of RFC 7644 §3.12 that our refusals use. */
export type ScimType = "invalidFilter" | "uniqueness" | "invalidSyntax" | "invalidPath" | "noTarget" | "invalidValue" | "mutability";
export type ScimStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 500 | 501 | 503;

/** A refusal in SCIM's terms: its status, its `scimType` where the RFC names one, and the catalog key of its detail. */
export class ScimError extends Error {
  constructor(
    readonly status: ScimStatus,
    readonly key: string,
    readonly scimType?: ScimType,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = "ScimError";
  }
}

/** RFC 7644 §3.12: the error document, with the status as a string. */
export function errorDocument(status: number, detail: string, scimType?: ScimType) {
  return { schemas: [SCHEMA.error], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

/** RFC 7644 §3.4.2: one page of resources. */
export function listResponse<T>(resources: T[], totalResults: number, startIndex: number) {
  return { schemas: [SCHEMA.listResponse], totalResults, startIndex, itemsPerPage: resources.length, Resources: resources };
}

const meta = (baseUrl: string, resourceType: string, path: string) => ({ resourceType, location: `${baseUrl}${SCIM_BASE_PATH}${path}` });

/** RFC 7643 §5. Groups are not among the resource types: `/ResourceTypes` lists Users only and `/Groups` answers 501. */
export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [SCHEMA.serviceProviderConfig],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: "oauthbearertoken",
        name: "Bearer token",
        description: "The team's provisioning token, created on the team's single sign-on page.",
        primary: true,
      },
    ],
    meta: meta(baseUrl, "ServiceProviderConfig", "/ServiceProviderConfig"),
  };
}

/** RFC 7643 §6: the one resource type, User, without schema extensions. */
export function userResourceType(baseUrl: string) {
  return {
    schemas: [SCHEMA.resourceType],
    id: "User",
    name: "User",
    endpoint: "/Users",
    description: "A person in the team, with an account",
    schema: SCHEMA.user,
    schemaExtensions: [],
    meta: meta(baseUrl, "ResourceType", "/ResourceTypes/User"),
  };
}

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: "string",
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...extra,
});

/** RFC 7643 §7: the User schema as far as this service provider keeps it; other attributes a directory sends are ignored. */
export function userSchema(baseUrl: string) {
  return {
    schemas: [SCHEMA.schema],
    id: SCHEMA.user,
    name: "User",
    description: "User Account",
    attributes: [
      attribute("userName", { required: true, uniqueness: "server", description: "The directory's unique name for the person" }),
      attribute("name", {
        type: "complex",
        description: "The person's name",
        subAttributes: [attribute("formatted"), attribute("familyName"), attribute("givenName")],
      }),
      attribute("displayName"),
      attribute("active", { type: "boolean", description: "Whether the person is in the team and may sign in" }),
      attribute("emails", {
        type: "complex",
        multiValued: true,
        description: "The account's primary address, at a domain of the team's single sign-on",
        subAttributes: [attribute("value"), attribute("type", { canonicalValues: ["work"] }), attribute("primary", { type: "boolean" })],
      }),
    ],
    meta: meta(baseUrl, "Schema", `/Schemas/${SCHEMA.user}`),
  };
}

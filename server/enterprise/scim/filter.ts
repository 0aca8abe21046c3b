import { SCHEMA, ScimError } from "./protocol.js";

/** The attributes a list may be filtered on, each with `eq` (what directories send before they create or link a person). */
export type FilterAttribute = "userName" | "externalId" | "id" | "emails.value";
const ATTRIBUTES: FilterAttribute[] = ["userName", "externalId", "id", "emails.value"];

export interface UserFilter {
  attribute: FilterAttribute;
  value: string;
}

const FILTER_SHAPE = /^\s*([A-Za-z][\w:.-]*)\s+eq\s+("(?:[^"\\]|\\.)*")\s*$/i;

/**
 * Reads a list's `filter` (RFC 7644 §3.4.2.2) of the one form supported: an attribute above `eq` a
 * string, such as `userName eq "ada@example.com"`. Attribute names are compared without case and
 * may carry the User schema's name before them. Anything else is 400 `invalidFilter`.
 */
export function parseUserFilter(filter: string): UserFilter {
  const match = FILTER_SHAPE.exec(filter);
  if (!match) throw new ScimError(400, "api:scim.invalidFilter", "invalidFilter");
  let path = match[1] as string;
  if (path.toLowerCase().startsWith(`${SCHEMA.user.toLowerCase()}:`)) path = path.slice(SCHEMA.user.length + 1);
  const attribute = ATTRIBUTES.find((a) => a.toLowerCase() === path.toLowerCase());
  if (!attribute) throw new ScimError(400, "api:scim.invalidFilter", "invalidFilter");
  let value: unknown;
  try {
    value = JSON.parse(match[2] as string);
  } catch {
    throw new ScimError(400, "api:scim.invalidFilter", "invalidFilter");
  }
  // PostgreSQL text cannot hold NUL: such a value matches nobody, and is refused as a filter.
  if ((value as string).includes("\u0000")) throw new ScimError(400, "api:scim.invalidFilter", "invalidFilter");
  return { attribute, value: value as string };
}

import { NAME_MAX } from "../../../core/names.js";
import { SCHEMA, ScimError } from "./protocol.js";

/**
 * What a directory says about a person, as far as we keep it. POST and PUT send it whole; PATCH
 * changes it operation by operation (RFC 7644 §3.5.2) in the shapes the directories send: Okta's
 * value objects without a path (`{"op":"replace","value":{"active":false}}`), Entra ID's paths with
 * capitalised operations and booleans as strings (`{"op":"Replace","path":"active","value":"False"}`),
 * `name.givenName`, `emails[type eq "work"].value`. Attributes we do not keep (titles, phone
 * numbers, the enterprise extension, passwords) are ignored, as the RFC allows a service provider.
 */
export interface ScimUserState {
  userName: string;
  externalId: string | null;
  active: boolean;
  /** The account's primary address; null when the resource names none (an address-shaped userName then stands for it). */
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  formatted: string | null;
  displayName: string | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

const invalid = (attribute: string) => new ScimError(400, "api:scim.invalidValue", "invalidValue", { attribute });

/** An attribute of a JSON object, its name compared without case (RFC 7643 §2.1). */
function field(object: Json, name: string): unknown {
  const key = Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : object[key];
}

function text(value: unknown, attribute: string, max = NAME_MAX): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== "string" || [...value].length > max) throw invalid(attribute);
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

function required(value: unknown, attribute: string, max = NAME_MAX): string {
  const read = text(value, attribute, max);
  if (read === null) throw invalid(attribute);
  return read;
}

/** A boolean, also as the strings "True"/"False" some directories send. */
function flag(value: unknown, attribute: string): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && ["true", "false"].includes(value.trim().toLowerCase())) return value.trim().toLowerCase() === "true";
  throw invalid(attribute);
}

const ADDRESS_MAX = 254;

/** The address of a directory's `emails`: the primary one, else the work one, else the first. */
function addressOf(emails: unknown): string | null {
  if (emails === null || emails === undefined) return null;
  const list = Array.isArray(emails) ? emails : [emails];
  if (!list.every(isObject)) throw invalid("emails");
  const chosen =
    list.find((e) => field(e, "primary") === true || String(field(e, "primary")).toLowerCase() === "true") ??
    list.find((e) => String(field(e, "type") ?? "").toLowerCase() === "work") ??
    list[0];
  return chosen ? text(field(chosen, "value"), "emails", ADDRESS_MAX) : null;
}

/** A whole User resource (POST, PUT). */
export function readUserResource(body: unknown): ScimUserState {
  if (!isObject(body)) throw new ScimError(400, "api:scim.invalidSyntax", "invalidSyntax");
  const name = field(body, "name");
  if (name !== undefined && name !== null && !isObject(name)) throw invalid("name");
  const active = field(body, "active");
  return {
    userName: required(field(body, "userName"), "userName"),
    externalId: text(field(body, "externalId"), "externalId"),
    active: active === undefined || active === null ? true : flag(active, "active"),
    email: addressOf(field(body, "emails")),
    givenName: name ? text(field(name, "givenName"), "name.givenName") : null,
    familyName: name ? text(field(name, "familyName"), "name.familyName") : null,
    formatted: name ? text(field(name, "formatted"), "name.formatted") : null,
    displayName: text(field(body, "displayName"), "displayName"),
  };
}

type Op = "add" | "replace" | "remove";

const PATH_SHAPE = /^([A-Za-z][\w-]*)(\[[^\]]*\])?(?:\.([A-Za-z][\w-]*))?$/;
const NAME_PARTS = { givenname: "givenName", familyname: "familyName", formatted: "formatted" } as const;

/** One operation on one attribute path of the state. */
function applyAt(state: ScimUserState, op: Op, rawPath: string, value: unknown): void {
  let path = rawPath.trim();
  const lower = path.toLowerCase();
  if (lower.startsWith(`${SCHEMA.user.toLowerCase()}:`)) path = path.slice(SCHEMA.user.length + 1);
  // Schema extensions (the enterprise user's department, manager…) are not kept.
  else if (lower.startsWith("urn:")) return;
  const match = PATH_SHAPE.exec(path);
  if (!match) throw new ScimError(400, "api:scim.invalidPath", "invalidPath");
  const attribute = (match[1] as string).toLowerCase();
  const sub = match[3]?.toLowerCase();
  const removing = op === "remove";
  switch (attribute) {
    case "username":
      if (removing || sub) throw invalid("userName");
      state.userName = required(value, "userName");
      return;
    case "externalid":
      state.externalId = removing ? null : text(value, "externalId");
      return;
    case "active":
      if (removing) throw invalid("active");
      state.active = flag(value, "active");
      return;
    case "displayname":
      state.displayName = removing ? null : text(value, "displayName");
      return;
    case "name": {
      if (sub) {
        const part = NAME_PARTS[sub as keyof typeof NAME_PARTS];
        if (part) state[part] = removing ? null : text(value, `name.${part}`);
        return;
      }
      if (removing) {
        Object.assign(state, { givenName: null, familyName: null, formatted: null });
        return;
      }
      if (!isObject(value)) throw invalid("name");
      for (const [key, part] of Object.entries(NAME_PARTS)) {
        const given = field(value, key);
        if (given !== undefined) state[part] = text(given, `name.${part}`);
      }
      return;
    }
    case "emails": {
      // One address is kept, the account's primary one: it can be replaced, never removed.
      if (removing) throw invalid("emails");
      if (sub && sub !== "value") return;
      const address = sub === "value" || typeof value === "string" ? text(value, "emails", ADDRESS_MAX) : addressOf(value);
      if (address === null) throw invalid("emails");
      state.email = address;
      return;
    }
    default:
      return;
  }
}

const MAX_OPERATIONS = 100;

/** A PatchOp request (RFC 7644 §3.5.2) applied to the current state; the state it leads to. */
export function applyUserPatch(current: ScimUserState, body: unknown): ScimUserState {
  if (!isObject(body)) throw new ScimError(400, "api:scim.invalidSyntax", "invalidSyntax");
  const operations = field(body, "Operations");
  if (!Array.isArray(operations) || operations.length === 0 || operations.length > MAX_OPERATIONS) {
    throw new ScimError(400, "api:scim.invalidSyntax", "invalidSyntax");
  }
  const state = { ...current };
  for (const operation of operations) {
    if (!isObject(operation)) throw new ScimError(400, "api:scim.invalidSyntax", "invalidSyntax");
    const op = String(field(operation, "op") ?? "").toLowerCase();
    if (op !== "add" && op !== "replace" && op !== "remove") throw new ScimError(400, "api:scim.invalidSyntax", "invalidSyntax");
    const path = field(operation, "path");
    const value = field(operation, "value");
    if (path !== undefined && path !== null) {
      if (typeof path !== "string") throw new ScimError(400, "api:scim.invalidPath", "invalidPath");
      applyAt(state, op, path, value);
    } else if (op === "remove") {
      throw new ScimError(400, "api:scim.noTarget", "noTarget");
    } else {
      // Without a path the value names the attributes it sets (RFC 7644 §3.5.2.1, §3.5.2.3).
      if (!isObject(value)) throw new ScimError(400, "api:scim.invalidValue", "invalidValue", { attribute: "value" });
      for (const [key, item] of Object.entries(value)) {
        if (key.toLowerCase() === "schemas" || key.toLowerCase() === "meta" || key.toLowerCase() === "id") continue;
        applyAt(state, op, key, item);
      }
    }
  }
  return state;
}

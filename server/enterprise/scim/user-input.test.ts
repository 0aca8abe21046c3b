import { describe, expect, it } from "vitest";
import { parseUserFilter } from "./filter";
import { ScimError } from "./protocol";
import { applyUserPatch, readUserResource, type ScimUserState } from "./user-input";

const grace: ScimUserState = {
  userName: "grace@northwind.com",
  externalId: "e-1",
  active: true,
  email: "grace@northwind.com",
  givenName: "Grace",
  familyName: "Hopper",
  formatted: "Grace Hopper",
  displayName: "Grace Hopper",
};
const ops = (...Operations: unknown[]) => ({ schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations });
const scimTypeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ScimError ? error.scimType : "not a SCIM error";
  }
  return "accepted";
};

describe("SCIM filters", () => {
  it("reads eq on the supported attributes, names compared without case and with the schema's prefix", () => {
    expect(parseUserFilter('userName eq "ada@x.com"')).toEqual({ attribute: "userName", value: "ada@x.com" });
    expect(parseUserFilter('USERNAME EQ "a \\"b\\""')).toEqual({ attribute: "userName", value: 'a "b"' });
    expect(parseUserFilter('urn:ietf:params:scim:schemas:core:2.0:User:externalId eq "7"')).toEqual({
      attribute: "externalId",
      value: "7",
    });
    expect(parseUserFilter('emails.value eq "a@x.com"').attribute).toBe("emails.value");
  });
  it("refuses every other form with invalidFilter", () => {
    for (const filter of ['userName co "a"', 'userName eq "a" and active eq true', "active eq true", 'title eq "x"', "userName eq", ""]) {
      expect(scimTypeOf(() => parseUserFilter(filter))).toBe("invalidFilter");
    }
  });
});

describe("SCIM users as directories send them", () => {
  it("reads a whole resource, active by default, the primary address first", () => {
    const read = readUserResource({
      UserName: "g@n.com",
      emails: [
        { value: "other@n.com", type: "home" },
        { value: "g@n.com", primary: "True" },
      ],
      name: { givenName: "G" },
    });
    expect(read).toMatchObject({ userName: "g@n.com", email: "g@n.com", active: true, givenName: "G", familyName: null });
  });

  it("applies Okta's value objects and Entra ID's paths, capitalised operations and string booleans", () => {
    expect(applyUserPatch(grace, ops({ op: "replace", value: { active: false } })).active).toBe(false);
    expect(applyUserPatch(grace, ops({ op: "Replace", path: "active", value: "False" })).active).toBe(false);
    const changed = applyUserPatch(
      grace,
      ops(
        { op: "Replace", path: "name.givenName", value: "Gracie" },
        { op: "Add", path: 'emails[type eq "work"].value', value: "gh@northwind.com" },
        { op: "Replace", path: "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department", value: "R&D" },
        { op: "Add", path: "title", value: "Admiral" },
        { op: "replace", value: { "name.familyName": "Murray", displayName: "G. Murray" } },
        { op: "remove", path: "externalId" },
      ),
    );
    expect(changed).toEqual({
      ...grace,
      givenName: "Gracie",
      familyName: "Murray",
      displayName: "G. Murray",
      email: "gh@northwind.com",
      externalId: null,
    });
    expect(
      applyUserPatch(grace, ops({ op: "replace", path: "emails", value: [{ value: "new@northwind.com", primary: true }] })).email,
    ).toBe("new@northwind.com");
  });

  it("refuses malformed operations with the RFC's scimType", () => {
    expect(scimTypeOf(() => applyUserPatch(grace, { Operations: [] }))).toBe("invalidSyntax");
    expect(scimTypeOf(() => applyUserPatch(grace, ops({ op: "move", path: "active" })))).toBe("invalidSyntax");
    expect(scimTypeOf(() => applyUserPatch(grace, ops({ op: "remove" })))).toBe("noTarget");
    expect(scimTypeOf(() => applyUserPatch(grace, ops({ op: "replace", path: "name..x", value: 1 })))).toBe("invalidPath");
    expect(scimTypeOf(() => applyUserPatch(grace, ops({ op: "replace", path: "active", value: "yes" })))).toBe("invalidValue");
    expect(scimTypeOf(() => applyUserPatch(grace, ops({ op: "remove", path: "emails" })))).toBe("invalidValue");
    expect(scimTypeOf(() => readUserResource({ userName: " " }))).toBe("invalidValue");
  });
});

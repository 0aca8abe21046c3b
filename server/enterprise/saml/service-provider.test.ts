import * as samlify from "samlify";
import { describe, expect, it } from "vitest";
import { selfSignedCertificate } from "../../../tests/support/self-signed.js";
import { readIdpMetadata } from "./service-provider.js";

const { certificatePem } = selfSignedCertificate("Metadata test provider");
const metadataOf = (settings: { wantAuthnRequestsSigned?: boolean } = {}) =>
  samlify
    .IdentityProvider({
      entityID: "https://idp.example.com/metadata",
      signingCert: certificatePem,
      singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: "https://idp.example.com/sso" }],
      ...settings,
    })
    .getMetadata();

describe("a SAML provider's metadata", () => {
  it("gives the entity id and the HTTP-Redirect sign-in address, and names what is missing", () => {
    expect(readIdpMetadata(metadataOf())).toMatchObject({
      entityId: "https://idp.example.com/metadata",
      ssoUrl: "https://idp.example.com/sso",
    });
    expect(readIdpMetadata(metadataOf().replace(/<(?:\w+:)?KeyDescriptor[\s\S]*?<\/(?:\w+:)?KeyDescriptor>/g, ""))).toBe("noCertificate");
    expect(readIdpMetadata(metadataOf().replace(/entityID="[^"]*"/, ""))).toBe("noEntityId");
    expect(readIdpMetadata(metadataOf({ wantAuthnRequestsSigned: true }))).toBe("signedRequests");
    expect(readIdpMetadata("not xml at all")).toBe("notMetadata");
  });

  it("is refused with a DOCTYPE, so no entity is ever expanded or fetched", () => {
    const withEntity = `<?xml version="1.0"?><!DOCTYPE m [<!ENTITY id SYSTEM "file:///etc/hostname">]>${metadataOf().replace(
      /entityID="[^"]*"/,
      'entityID="&id;"',
    )}`;
    expect(readIdpMetadata(withEntity)).toBe("notMetadata");
  });
});

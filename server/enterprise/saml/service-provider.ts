import { X509Certificate } from "node:crypto";
import * as samlify from "samlify";
import { samlAddresses } from "./addresses.js";
import { samlSchemaValidator } from "./schema-validator.js";

// Loaded on a SAML connection's first use, not at start (as viem and Stripe are). samlify refuses
// to read any message until a schema validator is set (docs/decisions/102).
samlify.setSchemaValidator(samlSchemaValidator);

const { binding, format } = samlify.Constants.namespace;

/** The clock skew allowed on the provider's assertions, either way. */
export const CLOCK_SKEW_MS = 2 * 60_000;

function serviceProvider(baseUrl: string, connectionId: string) {
  const { entityId, acsUrl } = samlAddresses(baseUrl, connectionId);
  return samlify.ServiceProvider({
    entityID: entityId,
    assertionConsumerService: [{ Binding: binding.post, Location: acsUrl }],
    authnRequestsSigned: false,
    wantAssertionsSigned: true,
    nameIDFormat: [format.emailAddress],
    clockDrifts: [-CLOCK_SKEW_MS, CLOCK_SKEW_MS],
  });
}

/** Our service-provider metadata for the provider's admin: entity id, ACS (HTTP-POST), signed assertions wanted. */
export const serviceProviderMetadata = (baseUrl: string, connectionId: string): string =>
  serviceProvider(baseUrl, connectionId).getMetadata();

/** A DOCTYPE has no place in SAML: refusing it keeps entity expansion and external entities out. */
const hasDoctype = (xml: string) => /<!DOCTYPE|<!ENTITY/i.test(xml);

/** What we keep of a provider's metadata. */
export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  xml: string;
}

/** Why metadata is not usable, as the form's field error names it. */
export type MetadataProblem = "notMetadata" | "noEntityId" | "noSsoUrl" | "noCertificate" | "signedRequests";

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== "string") return false;
  try {
    const { protocol } = new URL(value);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
};

const certificatesOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value.flat(3) : [value]).filter((c): c is string => typeof c === "string" && c.trim() !== "");

/** Whether a metadata certificate is an X.509 certificate Node can read (base64 DER, as metadata holds it). */
function readableCertificate(base64: string): boolean {
  try {
    new X509Certificate(Buffer.from(base64.replace(/\s+/g, ""), "base64"));
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads and checks a provider's metadata: an entity id, a sign-in address for the HTTP-Redirect
 * binding, and a signing certificate (the one its assertions are verified with).
 */
export function readIdpMetadata(xml: string): IdpMetadata | MetadataProblem {
  const text = xml.trim();
  if (!text.startsWith("<") || hasDoctype(text) || !/EntityDescriptor/.test(text)) return "notMetadata";
  let idp: ReturnType<typeof samlify.IdentityProvider>;
  try {
    idp = samlify.IdentityProvider({ metadata: text });
  } catch {
    return "notMetadata";
  }
  const meta = idp.entityMeta;
  const entityId = meta.getEntityID();
  if (typeof entityId !== "string" || !entityId.trim()) return "noEntityId";
  const ssoUrl = meta.getSingleSignOnService("redirect");
  if (!isHttpUrl(ssoUrl)) return "noSsoUrl";
  const certificates = certificatesOf(meta.getX509Certificate("signing"));
  if (certificates.length === 0 || !certificates.every(readableCertificate)) return "noCertificate";
  // Our AuthnRequests are not signed (docs/decisions/102); samlify refuses to send one to a provider that wants them signed.
  if (meta.isWantAuthnRequestsSigned()) return "signedRequests";
  return { entityId, ssoUrl, xml: text };
}

/**
 * A new sign-in's AuthnRequest (HTTP-Redirect, unsigned) to the provider, carrying the attempt as
 * RelayState; null when the saved metadata no longer allows one.
 */
export function authnRequestUrl(baseUrl: string, connectionId: string, metadataXml: string, relayState: string) {
  try {
    const sp = serviceProvider(baseUrl, connectionId);
    const idp = samlify.IdentityProvider({ metadata: metadataXml });
    const { id, context } = sp.createLoginRequest(idp, "redirect", { relayState });
    return { requestId: id, url: context };
  } catch {
    return null;
  }
}

/** What a verified answer tells of the person. */
export interface SamlIdentity {
  subject: string;
  email: string;
  name: string;
  givenName: string | null;
  familyName: string | null;
}

/** Why an answer is refused: the provider said no, the answer is not one we accept, or it came before. */
export class SamlRefusal extends Error {
  constructor(readonly reason: "denied" | "invalid" | "replayed") {
    super(reason);
  }
}

// The attribute names providers use (plain, Microsoft's claim URIs, and the LDAP OIDs).
const EMAIL = [
  "email",
  "mail",
  "emailaddress",
  "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
  "urn:oid:0.9.2342.19200300.100.1.3",
];
const GIVEN = ["givenname", "firstname", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname", "urn:oid:2.5.4.42"];
const FAMILY = [
  "surname",
  "sn",
  "lastname",
  "familyname",
  "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname",
  "urn:oid:2.5.4.4",
];
const DISPLAY = ["displayname", "name", "urn:oid:2.16.840.1.113730.3.1.241"];

function attribute(attributes: Record<string, unknown>, names: string[]): string | null {
  for (const [key, value] of Object.entries(attributes)) {
    if (!names.includes(key.toLowerCase())) continue;
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string" && first.trim()) return first.trim();
  }
  return null;
}

const first = (value: unknown): string | undefined => (Array.isArray(value) ? value[0] : typeof value === "string" ? value : undefined);
const list = (value: unknown): string[] => (Array.isArray(value) ? value : typeof value === "string" ? [value] : []).filter(Boolean);

/** A verified answer: the person, and the assertion's id with the time until which it must be remembered. */
export interface VerifiedResponse {
  identity: SamlIdentity;
  assertionId: string;
  expiresAt: Date;
}

/**
 * Verifies a provider's answer to our AuthnRequest `requestId` (HTTP-POST). samlify checks it
 * against the SAML schema, its status (not Success: `denied`), a signature of the response or of
 * the assertion by the metadata's certificate, the issuer, and the assertion's time window with
 * two minutes of skew. We check the rest: the audience is our entity id, the Destination and the
 * subject confirmation's Recipient are our ACS, both InResponseTo name our request, and the
 * confirmation has not expired. Every refusal is a `SamlRefusal`; the library's words stay here.
 */
export async function verifyResponse(input: {
  baseUrl: string;
  connectionId: string;
  metadataXml: string;
  samlResponse: string;
  requestId: string;
}): Promise<VerifiedResponse> {
  const xml = Buffer.from(input.samlResponse, "base64").toString("utf8");
  if (!xml.trim() || hasDoctype(xml)) throw new SamlRefusal("invalid");
  const { entityId, acsUrl } = samlAddresses(input.baseUrl, input.connectionId);
  const sp = serviceProvider(input.baseUrl, input.connectionId);
  const idp = samlify.IdentityProvider({ metadata: input.metadataXml });
  let extract: Awaited<ReturnType<typeof sp.parseLoginResponse>>["extract"];
  try {
    ({ extract } = await sp.parseLoginResponse(idp, "post", { body: { SAMLResponse: input.samlResponse } }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SamlRefusal(message.startsWith("ERR_FAILED_STATUS") ? "denied" : "invalid");
  }
  // The assertion whose signature held (of its own or of the whole response), read again for
  // what samlify does not extract: its id and its subject confirmation.
  let assertionXml: string | null = null;
  try {
    const [verified, node] = samlify.SamlLib.verifySignature(xml, { metadata: idp.entityMeta });
    assertionXml = verified ? node : null;
  } catch {
    assertionXml = null;
  }
  if (!assertionXml) throw new SamlRefusal("invalid");
  const own = samlify.Extractor.extract(assertionXml, [
    { key: "assertionId", localPath: ["Assertion"], attributes: ["ID"] },
    {
      key: "confirmation",
      localPath: ["Assertion", "Subject", "SubjectConfirmation", "SubjectConfirmationData"],
      attributes: ["Recipient", "InResponseTo", "NotOnOrAfter"],
    },
  ]) as { assertionId?: unknown; confirmation?: Record<string, unknown> };
  const confirmation = own.confirmation ?? {};
  const response = (extract.response ?? {}) as Record<string, unknown>;
  const now = Date.now();
  const expiries = [first(extract.conditions?.notOnOrAfter), first(confirmation.notOnOrAfter)]
    .filter((v): v is string => typeof v === "string")
    .map((v) => Date.parse(v));
  const assertionId = first(own.assertionId);
  const checks = [
    list(extract.audience).includes(entityId),
    response.destination === undefined || response.destination === acsUrl,
    first(confirmation.recipient) === acsUrl,
    response.inResponseTo === input.requestId,
    confirmation.inResponseTo === undefined || confirmation.inResponseTo === input.requestId,
    expiries.length > 0 && expiries.every((t) => Number.isFinite(t) && now < t + CLOCK_SKEW_MS),
    typeof assertionId === "string" && assertionId.length > 0,
  ];
  if (checks.some((ok) => !ok)) throw new SamlRefusal("invalid");

  const attributes = (extract.attributes ?? {}) as Record<string, unknown>;
  const nameId = typeof extract.nameID === "string" ? extract.nameID.trim() : "";
  const email = (attribute(attributes, EMAIL) ?? (nameId.includes("@") ? nameId : "")).toLowerCase();
  if (!nameId || !email.includes("@")) throw new SamlRefusal("invalid");
  const givenName = attribute(attributes, GIVEN);
  const familyName = attribute(attributes, FAMILY);
  const name = attribute(attributes, DISPLAY) ?? [givenName, familyName].filter(Boolean).join(" ");
  return {
    identity: { subject: nameId, email, name: name || email, givenName, familyName },
    assertionId: assertionId as string,
    expiresAt: new Date(Math.max(...expiries) + CLOCK_SKEW_MS),
  };
}

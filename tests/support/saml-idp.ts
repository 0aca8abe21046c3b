import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { inflateRawSync } from "node:zlib";
import * as samlify from "samlify";
import { samlSchemaValidator } from "../../server/enterprise/saml/schema-validator.js";
import { selfSignedCertificate } from "./self-signed.js";

/** Who signs in at the provider: the browser's `saml_identity` cookie on the provider's origin names them. */
export interface SamlPerson {
  email: string;
  given_name: string;
  family_name: string;
}

/** How the provider spoils its next answer, for the refused-assertion cases. */
export type SamlSpoil = "expired" | "unsigned" | "audience" | "destination" | null;

export const SAML_IDENTITY_COOKIE = "saml_identity";

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
const escapeHtml = escapeXml;

function attributeStatement(person: SamlPerson): string {
  const attribute = (name: string, value: string) =>
    `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue xsi:type="xs:string">${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`;
  return `<saml:AttributeStatement>${attribute("email", person.email)}${attribute("givenName", person.given_name)}${attribute("surname", person.family_name)}</saml:AttributeStatement>`;
}

/**
 * A team's SAML 2.0 identity provider run by the tests: samlify in the provider's role on
 * loopback, signing its assertions with an RSA key and a self-signed certificate made for the run.
 * Its sign-in address takes our AuthnRequest (HTTP-Redirect), reads our service-provider metadata
 * from the address the request's issuer names, and answers with a page that posts the signed
 * response to our ACS (HTTP-POST), signing in whoever the `saml_identity` cookie names and
 * answering RequestDenied without one. `spoilNext` spoils its next answer.
 */
export async function startSamlIdp() {
  samlify.setSchemaValidator(samlSchemaValidator);
  const { privateKeyPem, certificatePem } = selfSignedCertificate("Northwind test identity provider");
  const server = createServer((req, res) => {
    handle(req.url ?? "/", req.headers.cookie ?? "").then(
      ({ status, type, body }) => {
        res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
        res.end(body);
      },
      (error: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp = samlify.IdentityProvider({
    entityID: `${url}/metadata`,
    privateKey: privateKeyPem,
    signingCert: certificatePem,
    nameIDFormat: [samlify.Constants.namespace.format.emailAddress],
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: `${url}/sso` }],
    // Published as identity providers do (samlify warns on the console without one); never called.
    singleLogoutService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: `${url}/slo` }],
  });
  const metadata = idp.getMetadata();
  let spoil: SamlSpoil = null;

  async function handle(path: string, cookie: string) {
    const at = new URL(path, url);
    if (at.pathname === "/metadata") return { status: 200, type: "application/samlmetadata+xml", body: metadata };
    if (at.pathname !== "/sso") return { status: 404, type: "text/plain", body: "not found" };
    const raw = new RegExp(`(?:^|;\\s*)${SAML_IDENTITY_COOKIE}=([^;]+)`).exec(cookie)?.[1];
    const person = raw ? (JSON.parse(decodeURIComponent(raw)) as SamlPerson) : null;
    const answer = await respond(Object.fromEntries(at.searchParams), person, spoil);
    spoil = null;
    return { status: 200, type: "text/html; charset=utf-8", body: postPage(answer) };
  }

  /**
   * Our AuthnRequest's fields, and our service provider as its metadata (read from the address the
   * request's issuer names) describes it. The request is read without samlify's schema check: that
   * check is the service provider's, under test, and costs a worker thread per message.
   */
  async function readRequest(samlRequest: string) {
    const xml = inflateRawSync(Buffer.from(samlRequest, "base64")).toString("utf8");
    const extract = samlify.Extractor.extract(xml, samlify.Extractor.loginRequestFields);
    const spMetadata = await (await fetch(String(extract.issuer))).text();
    return { extract, sp: samlify.ServiceProvider({ metadata: spMetadata }) };
  }

  async function respond(query: Record<string, string>, person: SamlPerson | null, how: SamlSpoil) {
    const { sp, extract } = await readRequest(query.SAMLRequest ?? "");
    const acs = sp.entityMeta.getAssertionConsumerService("post") as string;
    const now = Date.now();
    const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
    const elsewhere = "https://elsewhere.example.com/saml/acs";
    const values: Record<string, string> = {
      ID: `_${randomBytes(16).toString("hex")}`,
      AssertionID: `_${randomBytes(16).toString("hex")}`,
      Destination: how === "destination" ? elsewhere : acs,
      Audience: how === "audience" ? "https://someone-else.example.com/saml/metadata" : sp.entityMeta.getEntityID(),
      SubjectRecipient: how === "destination" ? elsewhere : acs,
      Issuer: idp.entityMeta.getEntityID(),
      IssueInstant: how === "expired" ? at(-20) : at(0),
      StatusCode: person ? "urn:oasis:names:tc:SAML:2.0:status:Success" : "urn:oasis:names:tc:SAML:2.0:status:Responder",
      ConditionsNotBefore: how === "expired" ? at(-20) : at(0),
      ConditionsNotOnOrAfter: how === "expired" ? at(-10) : at(5),
      SubjectConfirmationDataNotOnOrAfter: how === "expired" ? at(-10) : at(5),
      NameIDFormat: samlify.Constants.namespace.format.emailAddress,
      NameID: person?.email ?? "nobody@example.com",
      InResponseTo: String((extract.request as Record<string, unknown> | undefined)?.id ?? ""),
    };
    const replace = (template: string) => ({
      id: values.ID as string,
      context: template
        .replace(/\{AuthnStatement\}/g, "")
        .replace(/\{AttributeStatement\}/g, person ? attributeStatement(person) : "")
        .replace(/\{(\w+)\}/g, (_, key: string) => escapeXml(values[key] ?? "")),
    });
    const { context, relayState } = (await idp.createLoginResponse(
      sp,
      { extract },
      "post",
      { email: values.NameID },
      {
        relayState: query.RelayState,
        customTagReplacement: replace,
      },
    )) as { context: string; relayState?: string };
    let samlResponse = context;
    if (how === "unsigned") {
      const xml = Buffer.from(context, "base64")
        .toString("utf8")
        .replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, "");
      samlResponse = Buffer.from(xml).toString("base64");
    }
    return { acs, samlResponse, relayState: relayState ?? "" };
  }

  return {
    url,
    metadataUrl: `${url}/metadata`,
    metadata,
    /** The cookie header value naming who is signed in at the provider. */
    identityCookie: (person: SamlPerson) => `${SAML_IDENTITY_COOKIE}=${encodeURIComponent(JSON.stringify(person))}`,
    spoilNext: (how: SamlSpoil) => {
      spoil = how;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The provider's answer page: a form that posts the response to the ACS, sent at once by the browser. */
function postPage(answer: { acs: string; samlResponse: string; relayState: string }): string {
  return `<!doctype html><html lang="en"><head><title>Signing in</title><link rel="icon" href="data:,"></head><body onload="document.forms[0].submit()"><main><form method="post" action="${escapeHtml(answer.acs)}"><input type="hidden" name="SAMLResponse" value="${escapeHtml(answer.samlResponse)}"><input type="hidden" name="RelayState" value="${escapeHtml(answer.relayState)}"><button type="submit">Continue</button></form></main></body></html>`;
}

/** The fields of the provider's answer page, as a browser would post them. */
export function postedForm(html: string): { action: string; fields: URLSearchParams } {
  const unescapeHtml = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, "&");
  const action = unescapeHtml(/<form method="post" action="([^"]*)"/.exec(html)?.[1] ?? "");
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g))
    fields.set(name as string, unescapeHtml(value as string));
  return { action, fields };
}

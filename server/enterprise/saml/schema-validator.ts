import { validateXML } from "xmllint-wasm";
import { ASSERTION, PROTOCOL, XENC, XMLDSIG } from "./xsd.js";

const SCHEMAS = [
  { fileName: "xmldsig-core-schema.xsd", contents: XMLDSIG },
  { fileName: "xenc-schema.xsd", contents: XENC },
  { fileName: "saml-schema-assertion-2.0.xsd", contents: ASSERTION },
];

/**
 * samlify's schema validator (docs/decisions/102): every SAML message is checked against the
 * SAML 2.0 protocol schema by libxml2's xmllint compiled to WebAssembly, in a worker thread, so no
 * Java and no native build is needed and the request's thread is not held. `--nonet` and an
 * in-memory file system holding only the schemas: nothing outside is ever read. A message with a
 * DOCTYPE is refused before it gets here (see `refuseDoctype`).
 */
export const samlSchemaValidator = {
  async validate(xml: string): Promise<string> {
    const result = await validateXML({
      xml: [{ fileName: "message.xml", contents: xml }],
      schema: [{ fileName: "saml-schema-protocol-2.0.xsd", contents: PROTOCOL }],
      preload: SCHEMAS,
      modifyArguments: (args) => ["--nonet", ...args],
    });
    if (!result.valid) throw new Error("ERR_INVALID_XML");
    return "SUCCESS_VALIDATE_XML";
  },
};

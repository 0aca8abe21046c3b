import { Hono } from "hono";
import type { WireCode } from "../../../core/error-codes.js";
import { isLanguage } from "../../../core/languages.js";
import type { MaintenanceSwitch } from "../../access/maintenance.js";
import type { DB } from "../../db/database.js";
import { AppError } from "../../errors.js";
import { bodyLimit, requestText } from "../../http/body.js";
import type { AppEnv } from "../../http/context.js";
import { maintenanceGate } from "../../http/maintenance.js";
import { AUTH_BASE_PATH, OWN_AUTH_PATH } from "../../identity-paths.js";
import { samlTestOutcome, type TestOutcome, testOf } from "../connection-test.js";
import { rememberAssertion } from "./replay.js";
import type { SamlRefusal as Refusal } from "./service-provider.js";

/** The largest answer of a provider we read: an assertion with its signature and some attributes. */
const MAX_RESPONSE_BYTES = 256 * 1024;
/** samlify and its XML libraries, loaded at the first SAML request rather than at start. */
const serviceProvider = () => import("./service-provider.js");

export interface SamlRouteDeps {
  db: DB;
  baseUrl: string;
  maintenance: MaintenanceSwitch;
}

const REFUSALS: Record<Refusal["reason"], WireCode> = {
  denied: "sso_denied",
  invalid: "sso_token_invalid",
  replayed: "sso_assertion_replayed",
};

/** Ends an answer with the error page's code, as the OpenID Connect return does. */
class AcsFailure extends Error {
  constructor(readonly code: WireCode) {
    super(code);
  }
}

/**
 * A team's SAML 2.0 connection's public addresses (docs/decisions/102), outside /api: the provider
 * reads our metadata from one and posts its answers (HTTP-POST, from its own site, so without our
 * cookies) to the other. The ACS verifies the answer, remembers the assertion so it is never taken
 * twice, keeps the person it names with the sign-in under way (for a test, what the test received),
 * and sends the browser on to `/api/auth/sso/saml/finish`, where the cookie of the browser that
 * started it completes it.
 */
export function samlRoutes(deps: SamlRouteDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  app.use("/saml/*", maintenanceGate(deps.maintenance));

  app.get("/saml/:connectionId/metadata", async (c) => {
    const connectionId = c.req.param("connectionId");
    const row = await db
      .selectFrom("sso_connection")
      .select("id")
      .where("id", "=", connectionId)
      .where("kind", "=", "saml")
      .executeTakeFirst();
    if (!row) throw new AppError("ssoConnectionNotFound");
    const { serviceProviderMetadata } = await serviceProvider();
    return c.body(serviceProviderMetadata(deps.baseUrl, row.id), 200, {
      "Content-Type": "application/samlmetadata+xml; charset=utf-8",
      "Cache-Control": "no-cache",
    });
  });

  app.post(
    "/saml/:connectionId/acs",
    bodyLimit({
      maxSize: MAX_RESPONSE_BYTES,
      onError: () => {
        throw new AppError("payloadTooLarge");
      },
    }),
    async (c) => {
      const connectionId = c.req.param("connectionId");
      const form = new URLSearchParams(
        c.req.header("content-type")?.startsWith("application/x-www-form-urlencoded") ? await requestText(c) : "",
      );
      const relayState = form.get("RelayState") ?? "";
      const attempt = relayState
        ? await db
            .selectFrom("sso_attempt")
            .innerJoin("sso_connection", "sso_connection.id", "sso_attempt.connection_id")
            .select([
              "sso_attempt.id",
              "sso_attempt.lang",
              "sso_attempt.saml_request_id",
              "sso_attempt.expires_at",
              "sso_connection.kind",
              "sso_connection.state",
              "sso_connection.disabled_at",
              "sso_connection.saml_metadata",
            ])
            .where("sso_attempt.id", "=", relayState)
            .where("sso_attempt.connection_id", "=", connectionId)
            .where("sso_attempt.saml_request_id", "is not", null)
            .executeTakeFirst()
        : undefined;
      const lang = attempt && isLanguage(attempt.lang) ? attempt.lang : c.var.lang;
      const { SamlRefusal, readIdpMetadata, verifyResponse } = await serviceProvider();
      // A team admin's test of the connection (docs/decisions/103) runs in any state and signs nobody in.
      const test = attempt ? await testOf(db, attempt.id) : undefined;
      try {
        if (!attempt?.saml_request_id || new Date(attempt.expires_at) < new Date()) throw new AcsFailure("sso_attempt_invalid");
        const usable = attempt.kind === "saml" && attempt.saml_metadata;
        const open = usable && (test || (attempt.state !== "draft" && attempt.disabled_at === null));
        if (!open) throw new AcsFailure("sso_no_connection");
        const metadataXml = attempt.saml_metadata as string;
        const verify = async () => {
          const verified = await verifyResponse({
            baseUrl: deps.baseUrl,
            connectionId,
            metadataXml,
            samlResponse: form.get("SAMLResponse") ?? "",
            requestId: attempt.saml_request_id as string,
          });
          if (!(await rememberAssertion(db, connectionId, verified.assertionId, verified.expiresAt))) throw new SamlRefusal("replayed");
          return verified.identity;
        };
        let kept: unknown;
        if (test) {
          const idp = readIdpMetadata(metadataXml);
          const issuer = typeof idp === "string" ? "" : idp.entityId;
          const result = await verify().then(
            (identity) => ({ identity }),
            (error) => {
              if (error instanceof SamlRefusal) return { refusal: error.reason };
              throw error;
            },
          );
          kept = { test: await samlTestOutcome(db, connectionId, issuer, result) } satisfies { test: TestOutcome };
        } else {
          kept = await verify();
        }
        // The first answer to the attempt is the one kept; another, even a valid one, does not replace it.
        const updated = await db
          .updateTable("sso_attempt")
          .set({ saml_identity: JSON.stringify(kept) })
          .where("id", "=", attempt.id)
          .where("saml_identity", "is", null)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) throw new AcsFailure("sso_attempt_invalid");
        return c.redirect(`${AUTH_BASE_PATH}${OWN_AUTH_PATH.ssoSamlFinish}?state=${encodeURIComponent(attempt.id)}`, 303);
      } catch (error) {
        let code: WireCode = "sso_failed";
        if (error instanceof AcsFailure) code = error.code;
        else if (error instanceof SamlRefusal) code = REFUSALS[error.reason];
        else c.var.log.error({ err: error }, "SAML answer could not be read");
        if (error instanceof SamlRefusal) c.var.log.info({ connectionId, reason: error.reason }, "SAML answer refused");
        return c.redirect(`/${lang}/sign-in/sso?error=${code}`, 303);
      }
    },
  );

  return app;
}

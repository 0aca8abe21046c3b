import { type Context, type ErrorHandler, Hono, type MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { SCIM_BASE_PATH } from "../../../core/api/sso.js";
import { languageOfAcceptHeader } from "../../../core/languages.js";
import type { MaintenanceSwitch } from "../../access/maintenance.js";
import { readBearer } from "../../api-v1/authorization-header.js";
import { AppError, ERRORS } from "../../errors.js";
import { bodyLimit, requestText } from "../../http/body.js";
import { type AppEnv, setLanguage } from "../../http/context.js";
import { maintenanceGate } from "../../http/maintenance.js";
import { hasNul } from "../../http/nul-characters.js";
import { isDependencyUnavailable } from "../../unavailable.js";
import {
  errorDocument,
  listResponse,
  SCHEMA,
  SCIM_CONTENT_TYPE,
  ScimError,
  serviceProviderConfig,
  userResourceType,
  userSchema,
} from "./protocol.js";
import { teamOfScimToken } from "./tokens.js";
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser, type ScimCaller, type ScimDeps } from "./users.js";

type ScimEnv = AppEnv & { Variables: { caller: ScimCaller } };

/** The largest request a directory sends: one user with its attributes, or a patch of some operations. */
const BODY_LIMIT = 64 * 1024;

function scim(body: unknown, status: 200 | 201 = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": SCIM_CONTENT_TYPE, "Cache-Control": "no-store", ...headers },
  });
}

/** The bearer token of one of the team's provisioning tokens; anything else is 401. No cookie is ever read here. */
function authenticate(db: ScimDeps["db"]): MiddlewareHandler<ScimEnv> {
  return async (c, next) => {
    const credential = readBearer(c.req.header("authorization"));
    const team = credential.kind === "bearer" ? await teamOfScimToken(db, credential.token) : null;
    if (!team) throw new ScimError(401, "api:scim.unauthorized");
    c.set("caller", { organizationId: team.organizationId, actor: { id: null, email: `SCIM ${team.start}…`, clientIp: c.var.clientIp } });
    await next();
  };
}

/** The request's JSON body; what is not JSON, or holds a NUL character PostgreSQL cannot store, is 400. */
async function jsonBody(c: Context): Promise<unknown> {
  const text = await requestText(c);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ScimError(400, "api:scim.invalidJson", "invalidSyntax");
  }
  if (hasNul(body)) throw new ScimError(400, "api:scim.invalidCharacters", "invalidValue");
  return body;
}

/** Every refusal as RFC 7644's error document, in the language the directory asks for. */
const errorResponse: ErrorHandler<ScimEnv> = (error, c) => {
  let status: number;
  let detail: string;
  let scimType: ScimError["scimType"];
  const headers: Record<string, string> = { "Content-Type": SCIM_CONTENT_TYPE, "Cache-Control": "no-store" };
  if (error instanceof ScimError) {
    ({ status, scimType } = error);
    detail = c.var.t(error.key, error.params);
    if (status === 401) headers["WWW-Authenticate"] = 'Bearer realm="scim"';
  } else {
    let known: AppError;
    if (error instanceof AppError) known = error;
    else if (error instanceof HTTPException) known = new AppError(error.status === 413 ? "payloadTooLarge" : "badRequest");
    else if (isDependencyUnavailable(error)) known = new AppError("unavailable");
    else {
      c.var.log.error({ err: error }, "provisioning request failed");
      known = new AppError("internal");
    }
    const row = ERRORS[known.code];
    status = row.status;
    detail = c.var.t(row.key, known.data.params);
    if (status === 400) scimType = "invalidValue";
    Object.assign(headers, "headers" in row ? row.headers : {}, known.data.headers);
  }
  return new Response(JSON.stringify(errorDocument(status, detail, scimType)), { status, headers });
};

/**
 * SCIM 2.0 provisioning at /scim/v2 (RFC 7643, 7644; docs/decisions/100, 101): a team's directory
 * (Entra ID, Okta, …) creates, reads, updates, deactivates and deletes the team's people with the
 * team's bearer token. Users only; Groups, bulk requests and /Me are not supported (501).
 */
export function scimRoutes(deps: ScimDeps & { maintenance: MaintenanceSwitch }) {
  const app = new Hono<ScimEnv>();
  const base = SCIM_BASE_PATH;
  const { baseUrl } = deps;

  app.use(`${base}/*`, async (c, next) => {
    setLanguage(c, languageOfAcceptHeader(c.req.header("accept-language")) ?? "en");
    if (/%00/.test(c.req.url)) throw new ScimError(400, "api:scim.invalidCharacters", "invalidValue");
    await next();
  });
  app.use(`${base}/*`, maintenanceGate(deps.maintenance));
  app.use(`${base}/*`, authenticate(deps.db));
  app.use(
    `${base}/*`,
    bodyLimit({
      maxSize: BODY_LIMIT,
      onError: () => {
        throw new AppError("payloadTooLarge");
      },
    }),
  );

  app.get(`${base}/ServiceProviderConfig`, () => scim(serviceProviderConfig(baseUrl)));
  app.get(`${base}/ResourceTypes`, () => scim(listResponse([userResourceType(baseUrl)], 1, 1)));
  app.get(`${base}/ResourceTypes/:id`, (c) => {
    if (c.req.param("id") !== "User") throw new ScimError(404, "api:scim.notFound");
    return scim(userResourceType(baseUrl));
  });
  app.get(`${base}/Schemas`, () => scim(listResponse([userSchema(baseUrl)], 1, 1)));
  app.get(`${base}/Schemas/:id`, (c) => {
    if (c.req.param("id") !== SCHEMA.user) throw new ScimError(404, "api:scim.notFound");
    return scim(userSchema(baseUrl));
  });

  app.get(`${base}/Users`, async (c) => {
    const { resources, total, startIndex } = await listUsers(deps, c.var.caller, c.req.query());
    return scim(listResponse(resources, total, startIndex));
  });
  app.post(`${base}/Users`, async (c) => {
    const user = await createUser(deps, c.var.caller, await jsonBody(c));
    return scim(user, 201, { Location: user.meta.location });
  });
  app.get(`${base}/Users/:id`, async (c) => scim(await getUser(deps, c.var.caller, c.req.param("id"))));
  app.put(`${base}/Users/:id`, async (c) => scim(await replaceUser(deps, c.var.caller, c.req.param("id"), await jsonBody(c))));
  app.patch(`${base}/Users/:id`, async (c) => scim(await patchUser(deps, c.var.caller, c.req.param("id"), await jsonBody(c))));
  app.delete(`${base}/Users/:id`, async (c) => {
    await deleteUser(deps, c.var.caller, c.req.param("id"));
    return new Response(null, { status: 204 });
  });

  for (const unsupported of ["Groups", "Groups/*", "Bulk", "Me", "Me/*"]) {
    app.all(`${base}/${unsupported}`, () => {
      throw new ScimError(501, "api:scim.notSupported");
    });
  }
  app.all(`${base}/*`, (c) => {
    const known = /^\/scim\/v2\/(ServiceProviderConfig|ResourceTypes|Schemas|Users)(\/[^/]+)?$/.test(c.req.path);
    throw known ? new ScimError(405, "api:scim.methodNotAllowed") : new ScimError(404, "api:scim.notFound");
  });

  app.onError(errorResponse);
  return app as unknown as Hono<AppEnv>;
}

import type { MiddlewareHandler } from "hono";
import type { TFunction } from "i18next";
import type { Logger } from "pino";
import { LANGUAGES, type Language } from "../../core/languages.js";
import { requestLanguage, serverT } from "../i18n.js";
import type { Tracing } from "../tracing/tracing.js";
import { clientIp } from "./client-ip.js";

/** What every request carries through the server; set once by `requestContext`. */
export type AppEnv = {
  Variables: {
    requestId: string;
    clientIp: string;
    /** The request's language: the page's language header, then cookie, then Accept-Language. */
    lang: Language;
    /** Translator for `lang`. */
    t: TFunction;
    /** The server's logger with this request's id bound, so every line of a request can be found. */
    log: Logger;
  };
};

const translators = Object.fromEntries(LANGUAGES.map((lng) => [lng, serverT(lng)])) as Record<Language, TFunction>;

/** Sets the request's language and translator on the context; pages under `/:lang/` name their own. */
export function setLanguage(c: { set(key: "lang", value: Language): void; set(key: "t", value: TFunction): void }, lang: Language) {
  c.set("lang", lang);
  c.set("t", translators[lang]);
}

/**
 * The request context: client address, language, translator and a logger carrying the request id
 * (after hono's requestId middleware) and, with traces on, the trace id; then one log line per
 * request with its status and duration.
 */
export function requestContext(opts: {
  logger: Logger;
  trustedIpHeader: string | undefined;
  /** Traces (decision 015): the request id goes on the request's span, its trace id in the log lines. */
  tracing?: Pick<Tracing, "tagRequest">;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    c.set("clientIp", clientIp(c, opts.trustedIpHeader));
    setLanguage(c, requestLanguage(c.req.raw.headers));
    const reqId = c.get("requestId");
    const traceId = opts.tracing?.tagRequest(reqId);
    c.set("log", opts.logger.child(traceId ? { reqId, traceId } : { reqId }));
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    c.var.log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, "request");
  };
}

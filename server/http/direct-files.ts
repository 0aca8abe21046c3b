import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { answerFile, type FileRoute } from "./pages.js";

/**
 * Request targets and hosts the HTTP adapter takes as they are (@hono/node-server's own checks):
 * anything else (percent-encoding, dot segments, absolute forms, unusual hosts) goes to the app,
 * whose adapter normalises or refuses it.
 */
const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/** What the request id middleware accepts from a client (hono/request-id): word characters, `-` and `=`. */
const CLIENT_REQUEST_ID = /^[\w\-=]{1,255}$/;

/** Header sets as Node's flat [name, value, …] lists, built once per set. */
const flatSets = new WeakMap<Readonly<Record<string, string>>, string[]>();
function flat(set: Readonly<Record<string, string>>): string[] {
  let list = flatSets.get(set);
  if (!list) {
    list = Object.entries(set).flat();
    flatSets.set(set, list);
  }
  return list;
}

/**
 * Answers GET and HEAD of the files a path names directly (prerendered pages, assets) from Node's
 * request, before the web framework turns it into a Request and its answer into a Response: the
 * same headers, ETags, request id and log line as the page routes, which stay the one definition
 * of what a path serves (`fileRoutes`). Anything else goes on to the app (decision 136).
 */
export function directFiles(route: (pathname: string) => FileRoute | undefined, logger: Logger) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const started = performance.now();
    const { method, url } = req;
    if (method !== "GET" && method !== "HEAD") return false;
    if (!url || url[1] === "/" || !PLAIN_TARGET.test(url) || DOT_SEGMENT.test(url) || !PLAIN_HOST.test(req.headers.host ?? ""))
      return false;
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    const found = route(pathname);
    if (!found) return false;

    const answer = answerFile(found.file, found.send, {
      method,
      ifNoneMatch: req.headers["if-none-match"],
      acceptEncoding: req.headers["accept-encoding"],
    });
    const given = req.headers["x-request-id"];
    const reqId = typeof given === "string" && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
    res.writeHead(answer.status, [...flat(answer.headers), "X-Request-Id", reqId]);
    res.end(answer.body ?? undefined);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    logger.info({ reqId, method, path: pathname, status: answer.status, ms }, "request");
    return true;
  };
}

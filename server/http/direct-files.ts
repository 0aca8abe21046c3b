import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { Tracing } from "../tracing/tracing.js";
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

/**
 * Header sets as Node's flat [name, value, …] lists ending in the request id's slot, built once per
 * set. `writeHead` copies a list into the response's header block at once, so each request writes
 * its id into the one list instead of copying the list.
 */
const flatSets = new WeakMap<Readonly<Record<string, string>>, string[]>();
function withRequestId(set: Readonly<Record<string, string>>, id: string): string[] {
  let list = flatSets.get(set);
  if (!list) {
    list = [...Object.entries(set).flat(), "X-Request-Id", ""];
    flatSets.set(set, list);
  }
  list[list.length - 1] = id;
  return list;
}

/**
 * Answers GET and HEAD of the files a path names directly (prerendered pages, assets) from Node's
 * request, before the web framework turns it into a Request and its answer into a Response: the
 * same headers, ETags, request id and log line as the page routes, which stay the one definition
 * of what a path serves (`fileRoutes`). Anything else goes on to the app (decisions 136, 155).
 * What can be decided once is: a request target without a query that named a file is checked and
 * routed on its first request only (there are as many as files), the host is checked when it
 * changes, and the log line's timing is taken only when the log is on.
 */
export function directFiles(
  route: (pathname: string) => FileRoute | undefined,
  logger: Logger,
  /** Traces (decision 015): the request id on the request's span, the trace id in its log line. */
  tracing?: Pick<Tracing, "tagRequest">,
) {
  const logs = logger.isLevelEnabled("info");
  const known = new Map<string, FileRoute>();
  let plainHost: string | undefined;
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const started = logs ? performance.now() : 0;
    const { method, url } = req;
    if ((method !== "GET" && method !== "HEAD") || !url) return false;
    const { headers } = req;
    const host = headers.host ?? "";
    if (host !== plainHost) {
      if (!PLAIN_HOST.test(host)) return false;
      plainHost = host;
    }
    let pathname = url;
    let found = known.get(url);
    if (!found) {
      if (url[1] === "/" || !PLAIN_TARGET.test(url) || DOT_SEGMENT.test(url)) return false;
      const query = url.indexOf("?");
      if (query !== -1) pathname = url.slice(0, query);
      found = route(pathname);
      if (!found) return false;
      if (query === -1) known.set(url, found);
    }

    const answer = answerFile(found.file, found.send, {
      method,
      ifNoneMatch: headers["if-none-match"],
      acceptEncoding: headers["accept-encoding"],
    });
    const given = headers["x-request-id"];
    const reqId = typeof given === "string" && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
    res.writeHead(answer.status, withRequestId(answer.headers, reqId));
    res.end(answer.body ?? undefined);
    const traceId = tracing?.tagRequest(reqId);
    if (logs) {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      logger.info(
        traceId
          ? { reqId, traceId, method, path: pathname, status: answer.status, ms }
          : { reqId, method, path: pathname, status: answer.status, ms },
        "request",
      );
    }
    return true;
  };
}

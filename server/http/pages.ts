import type { Context, Env, Hono } from "hono";
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageOfAcceptHeader, resolveLanguage } from "../../core/languages.js";
import { APP_SHELL_PAGES, NOT_FOUND_PATH, PAGES, redirectsWithoutPrefix } from "../../core/pages.js";
import { AppError } from "../errors.js";
import { type CspOptions, markComplete, pageCsp, RESOURCE_CSP, securityHeaderSet } from "./security-headers.js";
import { negotiate, type StaticFile } from "./static-files.js";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

export interface PageOptions extends CspOptions {
  files: Map<string, StaticFile>;
  appShellRoutes?: readonly string[];
  /** The deployment is served over https (adds HSTS to the security headers). */
  https?: boolean;
}

interface SendOptions {
  status?: 200 | 404;
  cache: string;
  csp?: CspOptions;
  /** The security headers; given, the answer is complete and `securityHeaders` leaves it alone. */
  security?: Readonly<Record<string, string>>;
}

/**
 * Header sets built once per file, variant and encoding, so a request only adds its id: pages are
 * the hottest path, and building a Headers object per request costs more than serving the bytes.
 */
const headerSets = new WeakMap<StaticFile, Map<string, Readonly<Record<string, string>>>>();

function headersFor(file: StaticFile, opts: SendOptions, variant: "304" | "br" | "gzip" | "identity", length: number) {
  let sets = headerSets.get(file);
  if (!sets) {
    sets = new Map();
    headerSets.set(file, sets);
  }
  const key = `${opts.cache}|${opts.csp ? (opts.csp.analytics ? "a" : "p") : "-"}|${opts.security ? "s" : "-"}|${variant}`;
  let set = sets.get(key);
  if (!set) {
    const headers: Record<string, string> = { ...opts.security, "Content-Type": file.type, "Cache-Control": opts.cache, ETag: file.etag };
    if (file.gzip) headers.Vary = "Accept-Encoding";
    if (opts.csp) headers["Content-Security-Policy"] = pageCsp(file.scriptHashes, opts.csp);
    else if (opts.security) headers["Content-Security-Policy"] = RESOURCE_CSP;
    if (variant !== "304") {
      if (variant !== "identity") headers["Content-Encoding"] = variant;
      headers["Content-Length"] = String(length);
    }
    set = Object.freeze(headers);
    sets.set(key, set);
  }
  return set;
}

/** What a file answer needs of its request. */
export interface FileRequest {
  method: string;
  ifNoneMatch: string | undefined;
  acceptEncoding: string | undefined;
}

/** A file's answer, ready to write: status, its prebuilt header set, and the body (none for 304 and HEAD). */
export interface FileAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: Uint8Array<ArrayBuffer> | null;
}

/** How a request for an in-memory file is answered: revalidation, encoding, caching and (for HTML) the page CSP. */
export function answerFile(file: StaticFile, opts: SendOptions, request: FileRequest): FileAnswer {
  const status = opts.status ?? 200;
  if (status === 200 && request.ifNoneMatch === file.etag) return { status: 304, headers: headersFor(file, opts, "304", 0), body: null };
  const { body, encoding } = negotiate(file, request.acceptEncoding);
  const headers = headersFor(file, opts, encoding ?? "identity", body.length);
  if (request.method === "HEAD") return { status, headers, body: null };
  // A view of the buffer, not a copy.
  return { status, headers, body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength) };
}

/** Sends an in-memory file with its caching, compression and (for HTML) page CSP. */
export function sendFile(c: Context, file: StaticFile, opts: SendOptions) {
  const answer = answerFile(file, opts, {
    method: c.req.method,
    ifNoneMatch: c.req.header("if-none-match"),
    acceptEncoding: c.req.header("accept-encoding"),
  });
  // The request id header the requestId middleware prepared applies to responses Hono builds;
  // this response is built here, so it carries the id itself.
  const requestId = (c.var as { requestId?: string }).requestId;
  const response = new Response(answer.body, {
    status: answer.status,
    headers: requestId ? { ...answer.headers, "X-Request-Id": requestId } : answer.headers,
  });
  if (opts.security) markComplete(response);
  return response;
}

/** The visitor's language when the URL names none: cookie, then Accept-Language, else English. */
export function visitorLanguage(c: Context): Language {
  return resolveLanguage({ cookie: c.req.header("cookie"), browser: languageOfAcceptHeader(c.req.header("accept-language")) });
}

/**
 * Where a path with a trailing slash is sent: the same path without it, staying on this site. Built
 * from the path as the request spelled it, never the decoded one: browsers drop a tab or line break
 * anywhere in a URL (a decoded `/%09/host/` would read as `//host`), and a decoded line break
 * cannot be sent in a header at all. A single leading slash, because browsers read `//host` and
 * `/\host` as another host.
 */
function withoutTrailingSlash(url: string): string {
  const path = new URL(url).pathname.replace(/\/+$/, "");
  return `/${path.replace(/^[/\\]+/, "")}`;
}

function matchesPattern(pattern: string, segments: string[]): boolean {
  const parts = pattern.split("/").filter(Boolean);
  return parts.length === segments.length && parts.every((p, i) => p.startsWith(":") || p === segments[i]);
}

/** How pages and other files are sent: caching, the page policy and the security headers. */
function sendingOf(opts: PageOptions): Record<"page" | "immutable" | "revalidate", SendOptions> {
  const security = securityHeaderSet({ https: opts.https ?? false });
  return {
    page: { cache: REVALIDATE, csp: { analytics: opts.analytics }, security },
    immutable: { cache: IMMUTABLE, security },
    revalidate: { cache: REVALIDATE, security },
  };
}

/** A file a path names directly: a prerendered page or an asset, with how it is sent. */
export type FileRoute = { file: StaticFile; send: SendOptions };

/**
 * The files paths name directly (assets and prerendered pages), shared by the page routes and the
 * server's direct answers (`directFiles`), so both answer a path alike.
 */
export function fileRoutes(opts: PageOptions): (pathname: string) => FileRoute | undefined {
  const { files } = opts;
  const pagePaths = new Set(PAGES.map((p) => p.path));
  const { page, immutable, revalidate } = sendingOf(opts);
  const find = (pathname: string): FileRoute | undefined => {
    // "/" and trailing slashes redirect.
    if (pathname.endsWith("/")) return undefined;
    const asset = files.get(pathname);
    if (asset && !pathname.endsWith(".html")) return { file: asset, send: pathname.startsWith("/assets/") ? immutable : revalidate };
    const [first, ...rest] = pathname.split("/").filter(Boolean);
    if (!isLanguage(first)) return undefined;
    const subPath = rest.join("/");
    if (subPath === NOT_FOUND_PATH || !pagePaths.has(subPath)) return undefined;
    const file = files.get(subPath ? `/${first}/${subPath}/index.html` : `/${first}/index.html`);
    return file && { file, send: page };
  };
  // A path that names a file is looked up once; there are as many such paths as files.
  const found = new Map<string, FileRoute>();
  return (pathname) => {
    let route = found.get(pathname);
    if (!route) {
      route = find(pathname);
      if (route) found.set(pathname, route);
    }
    return route;
  };
}

/** Page routing on the server: language redirects, prerendered pages, the app shell and a real 404. */
export function registerPages<E extends Env>(app: Hono<E>, opts: PageOptions) {
  const { files } = opts;
  const shellRoutes = opts.appShellRoutes ?? APP_SHELL_PAGES.map((p) => p.path);
  const prefixless = new Set(PAGES.filter(redirectsWithoutPrefix).map((p) => p.path));
  const { page } = sendingOf(opts);
  const fileOf = fileRoutes(opts);

  const notFound = (c: Context<E>, lang: Language) => {
    const file = files.get(`/${lang}/${NOT_FOUND_PATH}/index.html`);
    if (!file) return c.text("Not found", 404);
    return sendFile(c, file, { ...page, status: 404 });
  };

  app.on(["GET", "HEAD"], "*", (c) => {
    const pathname = c.req.path;
    const query = c.req.url.indexOf("?");
    const search = query === -1 ? "" : c.req.url.slice(query);

    if (pathname === "/") {
      c.header("Vary", "Cookie, Accept-Language");
      c.header("Cache-Control", "no-store");
      return c.redirect(`/${visitorLanguage(c)}${search}`, 302);
    }
    if (pathname.length > 1 && pathname.endsWith("/")) return c.redirect(`${withoutTrailingSlash(c.req.url)}${search}`, 301);

    const direct = fileOf(pathname);
    if (direct) return sendFile(c, direct.file, direct.send);

    const segments = pathname.split("/").filter(Boolean);
    const [first, ...rest] = segments;
    if (!isLanguage(first)) {
      const path = segments.join("/");
      if (prefixless.has(path)) return c.redirect(`/${DEFAULT_LANGUAGE}/${path}${search}`, 301);
      return notFound(c, visitorLanguage(c));
    }
    const shell = files.get(`/${first}/app-shell.html`);
    if (shell && shellRoutes.some((p) => matchesPattern(p, rest))) return sendFile(c, shell, page);
    return notFound(c, first);
  });

  // Other methods on pages are not allowed; the API has its own routes.
  app.all("*", () => {
    throw new AppError("methodNotAllowed", { headers: { Allow: "GET, HEAD" } });
  });
}

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

/** Sends an in-memory file with its caching, compression and (for HTML) page CSP. */
export function sendFile(c: Context, file: StaticFile, opts: SendOptions) {
  const status = opts.status ?? 200;
  // The request id header the requestId middleware prepared applies to responses Hono builds;
  // this response is built here, so it carries the id itself.
  const requestId = (c.var as { requestId?: string }).requestId;
  const respond = (body: Uint8Array<ArrayBuffer> | null, status: number, set: Readonly<Record<string, string>>) => {
    const response = new Response(body, { status, headers: requestId ? { ...set, "X-Request-Id": requestId } : set });
    if (opts.security) markComplete(response);
    return response;
  };
  if (status === 200 && c.req.header("if-none-match") === file.etag) return respond(null, 304, headersFor(file, opts, "304", 0));
  const { body, encoding } = negotiate(file, c.req.header("accept-encoding"));
  const set = headersFor(file, opts, encoding ?? "identity", body.length);
  if (c.req.method === "HEAD") return respond(null, status, set);
  // A view of the buffer, not a copy.
  return respond(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), status, set);
}

/** The visitor's language when the URL names none: cookie, then Accept-Language, else English. */
function visitorLanguage(c: Context): Language {
  return resolveLanguage({ cookie: c.req.header("cookie"), browser: languageOfAcceptHeader(c.req.header("accept-language")) });
}

/**
 * A redirect target that stays on this site: a single leading slash, because browsers read
 * `//host` and `/\host` as another host.
 */
function onThisSite(path: string): string {
  return `/${path.replace(/^[/\\]+/, "")}`;
}

function matchesPattern(pattern: string, segments: string[]): boolean {
  const parts = pattern.split("/").filter(Boolean);
  return parts.length === segments.length && parts.every((p, i) => p.startsWith(":") || p === segments[i]);
}

/** Page routing on the server: language redirects, prerendered pages, the app shell and a real 404. */
export function registerPages<E extends Env>(app: Hono<E>, opts: PageOptions) {
  const { files } = opts;
  const shellRoutes = opts.appShellRoutes ?? APP_SHELL_PAGES.map((p) => p.path);
  const pagePaths = new Set(PAGES.map((p) => p.path));
  const prefixless = new Set(PAGES.filter(redirectsWithoutPrefix).map((p) => p.path));
  const security = securityHeaderSet({ https: opts.https ?? false });
  const page = { cache: REVALIDATE, csp: { analytics: opts.analytics }, security };

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
    if (pathname.length > 1 && pathname.endsWith("/")) return c.redirect(`${onThisSite(pathname.replace(/\/+$/, ""))}${search}`, 301);

    const asset = files.get(pathname);
    if (asset && !pathname.endsWith(".html")) {
      return sendFile(c, asset, { cache: pathname.startsWith("/assets/") ? IMMUTABLE : REVALIDATE, security });
    }

    const segments = pathname.split("/").filter(Boolean);
    const [first, ...rest] = segments;
    if (!isLanguage(first)) {
      const path = segments.join("/");
      if (prefixless.has(path)) return c.redirect(`/${DEFAULT_LANGUAGE}/${path}${search}`, 301);
      return notFound(c, visitorLanguage(c));
    }
    const subPath = rest.join("/");
    if (subPath !== NOT_FOUND_PATH && pagePaths.has(subPath)) {
      const file = files.get(subPath ? `/${first}/${subPath}/index.html` : `/${first}/index.html`);
      if (file) return sendFile(c, file, page);
    }
    const shell = files.get("/index.html");
    if (shell && shellRoutes.some((p) => matchesPattern(p, rest))) return sendFile(c, shell, page);
    return notFound(c, first);
  });

  // Other methods on pages are not allowed; the API has its own routes.
  app.all("*", () => {
    throw new AppError("methodNotAllowed", { headers: { Allow: "GET, HEAD" } });
  });
}

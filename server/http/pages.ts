import type { Context, Env, Hono } from "hono";
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageOfAcceptHeader, resolveLanguage } from "../../core/languages.js";
import { APP_SHELL_PAGES, NOT_FOUND_PATH, PAGES, redirectsWithoutPrefix } from "../../core/pages.js";
import { AppError } from "../errors.js";
import { type CspOptions, pageCsp } from "./security-headers.js";
import { negotiate, type StaticFile } from "./static-files.js";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

export interface PageOptions extends CspOptions {
  files: Map<string, StaticFile>;
  appShellRoutes?: readonly string[];
}

/** Sends an in-memory file with its caching, compression and (for HTML) page CSP. */
export function sendFile(c: Context, file: StaticFile, opts: { status?: 200 | 404; cache: string; csp?: CspOptions }) {
  const headers: Record<string, string> = { "Content-Type": file.type, "Cache-Control": opts.cache, ETag: file.etag };
  if (file.gzip) headers.Vary = "Accept-Encoding";
  if (opts.csp) headers["Content-Security-Policy"] = pageCsp(file.scriptHashes, opts.csp);
  const status = opts.status ?? 200;
  if (status === 200 && c.req.header("if-none-match") === file.etag) return c.body(null, 304, headers);
  const { body, encoding } = negotiate(file, c.req.header("accept-encoding"));
  if (encoding) headers["Content-Encoding"] = encoding;
  headers["Content-Length"] = String(body.length);
  if (c.req.method === "HEAD") return c.body(null, status, headers);
  return c.body(new Uint8Array(body), status, headers);
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

  const notFound = (c: Context<E>, lang: Language) => {
    const file = files.get(`/${lang}/${NOT_FOUND_PATH}/index.html`);
    if (!file) return c.text("Not found", 404);
    return sendFile(c, file, { status: 404, cache: REVALIDATE, csp: opts });
  };

  app.on(["GET", "HEAD"], "*", (c) => {
    const url = new URL(c.req.url);
    const { pathname, search } = url;

    if (pathname === "/") {
      c.header("Vary", "Cookie, Accept-Language");
      c.header("Cache-Control", "no-store");
      return c.redirect(`/${visitorLanguage(c)}${search}`, 302);
    }
    if (pathname.length > 1 && pathname.endsWith("/")) return c.redirect(`${onThisSite(pathname.replace(/\/+$/, ""))}${search}`, 301);

    const asset = files.get(pathname);
    if (asset && !pathname.endsWith(".html")) {
      return sendFile(c, asset, { cache: pathname.startsWith("/assets/") ? IMMUTABLE : REVALIDATE });
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
      const page = files.get(subPath ? `/${first}/${subPath}/index.html` : `/${first}/index.html`);
      if (page) return sendFile(c, page, { cache: REVALIDATE, csp: opts });
    }
    const shell = files.get("/index.html");
    if (shell && shellRoutes.some((p) => matchesPattern(p, rest))) return sendFile(c, shell, { cache: REVALIDATE, csp: opts });
    return notFound(c, first);
  });

  // Other methods on pages are not allowed; the API has its own routes.
  app.all("*", () => {
    throw new AppError("methodNotAllowed", { headers: { Allow: "GET, HEAD" } });
  });
}

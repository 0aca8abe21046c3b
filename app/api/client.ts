import type { ApiErrorBody, ApiRoutes } from "../../core/api";
import { type WireCode, wireCodeOf } from "../../core/error-codes";

type Route = keyof ApiRoutes;
type Answer<R extends Route> = ApiRoutes[R]["answer"];
type Options<R extends Route> = {
  /** Values of the path's `:name` segments, encoded. */
  params?: Record<string, string>;
  /** Query parameters; undefined ones are left out. */
  query?: Record<string, string | number | undefined>;
  /** The language the server answers in; the page's language when not given. */
  language?: string;
  /** Further request headers, such as a proof of work's solution. */
  headers?: Record<string, string>;
} & (ApiRoutes[R] extends { body: infer B } ? { body: B } : { body?: never }) &
  (ApiRoutes[R] extends { file: infer F } ? { file: F } : { file?: never });
/** Routes with a body or a file must be given one; for the others the options are optional. */
type Args<R extends Route> = ApiRoutes[R] extends { body: unknown } | { file: unknown } ? [options: Options<R>] : [options?: Options<R>];

/**
 * A refused request: the status and the server's translated message and field errors. `message` is
 * empty when the answer carried none (or was not JSON), so each screen shows its own fallback.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code?: WireCode;
  readonly errors?: ApiErrorBody["errors"];

  constructor(status: number, body: Partial<ApiErrorBody> | null) {
    super(typeof body?.message === "string" ? body.message : "");
    this.name = "ApiRequestError";
    this.status = status;
    this.code = wireCodeOf(body?.code);
    this.errors = body?.errors && typeof body.errors === "object" ? body.errors : undefined;
  }
}

/**
 * Calls one route of our API (same origin, with the session cookie) and resolves with its JSON
 * answer. A JSON body is sent as JSON; a file (an upload) is sent as it is. An error status, or an answer that is not JSON, throws `ApiRequestError`; a network
 * failure rejects with the browser's TypeError.
 */
export async function request<R extends Route>(route: R, ...[options]: Args<R>) {
  const [method, pattern] = route.split(" ") as [string, string];
  const { query, body, file, params: pathParams } = options ?? {};
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(pathParams?.[name] ?? ""));
  const language = options?.language ?? (typeof document === "undefined" ? "" : document.documentElement.lang);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const headers: Record<string, string> = { ...options?.headers };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (file !== undefined) headers["content-type"] = "application/octet-stream";
  if (language) headers["x-language"] = language;
  const search = params.toString();
  const res = await fetch(search ? `${path}?${search}` : path, {
    method,
    headers,
    credentials: "same-origin",
    body: (file as Blob | undefined) ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const answer: unknown = await res.json().catch(() => undefined);
  if (!res.ok || answer === undefined) throw new ApiRequestError(res.status, (answer as Partial<ApiErrorBody> | undefined) ?? null);
  return answer as Answer<R>;
}

/**
 * Posts a JSON body to a route that answers a file (an attachment) instead of JSON: the file and
 * the name the server gives it. Errors are JSON answers, thrown as `ApiRequestError` like `request`'s.
 */
export async function requestFile(path: string, body: unknown, fallbackName: string): Promise<{ file: Blob; name: string }> {
  const language = typeof document === "undefined" ? "" : document.documentElement.lang;
  const res = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(language ? { "x-language": language } : {}) },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new ApiRequestError(res.status, await res.json().catch(() => null));
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  return { file: await res.blob(), name };
}

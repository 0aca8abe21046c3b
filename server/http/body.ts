import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit as streamBodyLimit } from "hono/body-limit";

type Bytes = Uint8Array<ArrayBuffer>;

const read = new WeakMap<object, Promise<Bytes>>();

function readStream(incoming: IncomingMessage): Promise<Bytes> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.once("end", () => resolve(Buffer.concat(chunks) as Bytes));
    incoming.once("error", reject);
  });
}

/**
 * The request's body, read once however many checks look at it (NUL characters, the team a
 * library call names, the route itself). A body of declared length, already held to the body
 * limits by its header, is read straight from Node's request instead of through a web Request,
 * which cost a tenth of a JSON request's time (decision 136); any other goes through a copy of
 * the Request, whose stream the body limit may have wrapped, so the limit still applies.
 */
export function requestBody(c: Context): Promise<Bytes> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const headers = c.req.raw.headers;
  const direct = incoming !== undefined && headers.has("content-length") && !headers.has("transfer-encoding");
  const key = direct ? incoming : c.req.raw;
  let body = read.get(key);
  if (!body) {
    body = direct
      ? readStream(incoming)
      : c.req.raw
          .clone()
          .arrayBuffer()
          .then((b) => new Uint8Array(b));
    read.set(key, body);
  }
  return body;
}

/** The body as text (UTF-8). */
export async function requestText(c: Context): Promise<string> {
  return new TextDecoder().decode(await requestBody(c));
}

/**
 * Refuses a body of more than `maxSize` bytes. A body of declared length is judged by its header
 * (Node has checked that the header is well-formed and will not read past it), without building
 * the web Request that the framework's own limit reads, a tenth of a small JSON request's time; a
 * request without either header has no body. A chunked body goes through the framework's limit,
 * which counts its bytes as they arrive.
 */
export function bodyLimit(options: { maxSize: number; onError: (c: Context) => Response | Promise<Response> }): MiddlewareHandler {
  const chunked = streamBodyLimit(options);
  return async (c, next) => {
    const headers = c.req.raw.headers;
    if (headers.has("transfer-encoding")) return chunked(c, next);
    const length = headers.get("content-length");
    if (length !== null && Number(length) > options.maxSize) return options.onError(c);
    await next();
  };
}

import { AsyncLocalStorage } from "node:async_hooks";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import type { Logger } from "pino";
import { AppError } from "../errors.js";
import { isDependencyUnavailable } from "../unavailable.js";

/** Per request to the identity library: whether an error it answered came from the database or Redis being away. */
const requests = new AsyncLocalStorage<{ unavailable: boolean }>();

const noteUnavailable = () => {
  const request = requests.getStore();
  if (request) request.unavailable = true;
};

/**
 * The library's `onAPIError.onError`, told of what an endpoint throws that is not the library's own
 * error: notes a dependency that is away for the request and logs the other faults, as the library
 * would have.
 */
export function libraryErrorObserver(logger: Logger) {
  return (error: unknown) => {
    if (isDependencyUnavailable(error)) {
      noteUnavailable();
      logger.warn({ err: error }, "dependency unavailable");
    } else if (!isAPIError(error) || Number(error.statusCode) >= 500) {
      logger.error({ err: error }, "identity library error");
    }
  };
}

/**
 * What the library catches itself and answers with its own 500 (reading the session, among others),
 * keeping the cause only on the error it returns: seen here, after the endpoint.
 */
export function libraryFailures() {
  return {
    id: "library-failures",
    hooks: {
      after: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (isAPIError(returned) && Number(returned.statusCode) >= 500 && isDependencyUnavailable(returned)) noteUnavailable();
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/**
 * Runs the library's handler for one request: a 500 it answered because the database or Redis was
 * away is 503 with a retry hint instead, as every other route answers then (decisions 005, 017).
 */
export async function unlessUnavailable(handle: () => Promise<Response>): Promise<Response> {
  const request = { unavailable: false };
  const res = await requests.run(request, handle);
  if (request.unavailable && res.status >= 500) throw new AppError("unavailable");
  return res;
}

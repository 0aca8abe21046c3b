import { createMiddleware } from "hono/factory";
import * as z from "zod/v4/core";
import type { RouteSchemas } from "../../core/api/routes.js";
import { ERRORS } from "../errors.js";
import type { AppEnv } from "./context.js";

/**
 * Holds the server to the answer schemas of core/api/routes.ts where tests run it: a JSON answer
 * of a described route that does not fit its schema becomes a 500 that names the route and what did
 * not fit, so the test of that route fails instead of the browser's types drifting from what is
 * sent (decision 144). Not mounted outside tests, where the answers are not parsed twice.
 */
export function answerCheck(routes: Record<string, RouteSchemas>) {
  const described = Object.entries(routes).flatMap(([route, { answer }]) => {
    const [method, path = ""] = route.split(" ");
    const pattern = new RegExp(`^${path.replace(/:[^/]+/g, "[^/]+")}$`);
    return answer ? [{ route, method, pattern, answer }] : [];
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const found = described.find((d) => d.method === c.req.method && d.pattern.test(c.req.path));
    if (!found || !c.res.ok || !c.res.headers.get("content-type")?.startsWith("application/json")) return;
    const result = z.safeParse(found.answer, await c.res.clone().json());
    if (result.success) return;
    const message = `The answer of ${found.route} does not fit its schema: ${JSON.stringify(result.error.issues)}`;
    c.var.log.error({ route: found.route, issues: result.error.issues }, "answer does not fit its schema");
    c.res = undefined;
    c.res = c.json({ message, code: ERRORS.internal.code }, 500);
  });
}

import type { Context } from "hono";
import * as z from "zod/v4/core";
import { AppError, type ErrorCode } from "../errors.js";
import { requestText } from "./body.js";

/** How a route refuses a body its schema does not accept: a row of server/errors.ts, or a refusal built from the issues. */
export type BodyRefusal = ErrorCode | ((issues: readonly z.$ZodIssue[]) => AppError);

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i;

/** The body as JSON: 415 for another content type, 400 for malformed JSON. */
async function readJson(c: Context): Promise<unknown> {
  if (!JSON_TYPE.test(c.req.header("content-type") ?? "")) throw new AppError("unsupportedMediaType");
  try {
    return JSON.parse(await requestText(c));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("malformedJson");
  }
}

/**
 * A route's JSON body, read once (body.ts) and checked against the request schema the route table
 * names (core/api/routes.ts, decision 144): 415 for another content type, 400 for malformed JSON,
 * and the route's own refusal (`badRequest` unless given) for a body the schema does not accept.
 * Takes the schemas of zod and of zod/mini alike (the contact form's rules are the latter, to keep
 * the page small).
 */
export async function readBody<S extends z.$ZodType>(c: Context, schema: S, refusal: BodyRefusal = "badRequest"): Promise<z.output<S>> {
  const parsed = z.safeParse(schema, await readJson(c));
  if (parsed.success) return parsed.data;
  throw typeof refusal === "function" ? refusal(parsed.error.issues) : new AppError(refusal);
}

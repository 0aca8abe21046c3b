import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import { AppError, ERRORS } from "../errors.js";
import { AUTH_BASE_PATH, LIBRARY_PATH } from "../identity-paths.js";
import { type BotCheck, CAPTCHA_HEADER } from "./challenges.js";
import type { SignInFailures } from "./sign-in-failures.js";

/** Identity routes that always need a solved challenge: creating an account and asking for a reset code. */
export const GUARDED_AUTH_PATHS = [
  LIBRARY_PATH.signUpEmail,
  LIBRARY_PATH.requestPasswordResetEmailOTP,
  LIBRARY_PATH.requestPasswordReset,
] as const;
/** Sign-in routes, guarded after repeated failures; the field that names the account. */
const SIGN_IN_NAME: Record<string, "email" | "username"> = {
  [LIBRARY_PATH.signInEmail]: "email",
  [LIBRARY_PATH.signInUsername]: "username",
};

/** The refusal as Better Auth's captcha plugin answers it; the HTTP edge translates it by its code. */
function refusal(error: AppError) {
  const answer = ERRORS[error.code];
  return new Response(JSON.stringify({ code: answer.code, message: error.code, refusal: error.code }), {
    status: answer.status,
    headers: { "content-type": "application/json", ...("headers" in answer ? answer.headers : {}) },
  });
}

async function nameOf(request: Request, field: "email" | "username"): Promise<string> {
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => null);
  const value = body && typeof body === "object" ? (body as Record<string, unknown>)[field] : undefined;
  return typeof value === "string" ? value : "";
}

/**
 * Proof of work on the identity routes (docs/decisions/129): a Better Auth plugin with the header
 * convention of the library's captcha plugin (`x-captcha-response`), checked before the route reads
 * anything else. Sign-in asks for it only after repeated failures of the account name or client.
 */
export function botProtectionPlugin(deps: { check: BotCheck; failures: SignInFailures; clientIpHeader: string }) {
  const { check, failures } = deps;
  const pathOf = (request: Request, basePath: string) => new URL(request.url).pathname.slice(basePath.length).replace(/\/+$/, "");
  return {
    id: "bot-protection",
    async onRequest(request, ctx) {
      if (!check.enabled || request.method !== "POST") return;
      const path = pathOf(request, ctx.options.basePath ?? AUTH_BASE_PATH);
      const field = SIGN_IN_NAME[path];
      const guarded = (GUARDED_AUTH_PATHS as readonly string[]).includes(path);
      if (!guarded && !field) return;
      try {
        if (field) {
          const name = await nameOf(request, field);
          if (!(await failures.needsCheck(name, request.headers.get(deps.clientIpHeader) ?? ""))) return;
        }
        await check.verify(request.headers.get(CAPTCHA_HEADER));
      } catch (error) {
        if (error instanceof AppError) return { response: refusal(error) };
        throw error;
      }
    },
    hooks: {
      after: [
        {
          matcher: (ctx) => check.enabled && Boolean(ctx.path && ctx.path in SIGN_IN_NAME),
          handler: createAuthMiddleware(async (ctx) => {
            const field = SIGN_IN_NAME[ctx.path];
            const name = field && typeof ctx.body?.[field] === "string" ? (ctx.body[field] as string) : "";
            if (!name) return;
            const returned = ctx.context.returned;
            // A wrong address, username or password; other refusals (an unverified address, a ban) are not guesses.
            if (isAPIError(returned) && returned.statusCode === 401) {
              await failures.failed(name, ctx.headers?.get(deps.clientIpHeader) ?? "");
            } else if (!isAPIError(returned)) {
              await failures.succeeded(name);
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

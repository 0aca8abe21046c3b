import { APIError, createAuthMiddleware } from "better-auth/api";
import { z } from "zod";
import { LANGUAGES } from "../../core/languages.js";
import { NAME_MAX } from "../../core/names.js";
import { SLUG_MAX, TEAM_NAME_MAX, TEAM_ROLES } from "../../core/teams.js";
import { isCommonPassword, type PasswordChecker } from "./password-policy.js";

const personName = z.string().max(NAME_MAX);
const teamName = z
  .string()
  .min(1)
  .max(TEAM_NAME_MAX)
  .refine((s) => s.trim() === s && s.length > 0);
const slug = z
  .string()
  .max(SLUG_MAX)
  .regex(/^[a-z0-9][a-z0-9-]*$/);

/** The user fields a person may write: names of at most 256 characters, a known language; Better Auth checks neither types nor lengths on update. */
const userFields = z.object({
  name: personName.optional(),
  firstName: personName.optional(),
  lastName: personName.optional(),
  image: z.string().max(2048).nullable().optional(),
  locale: z.enum(LANGUAGES).optional(),
  teamName: z.string().max(TEAM_NAME_MAX).nullable().optional(),
});

const organizationData = z.object({
  name: teamName.optional(),
  slug: slug.optional(),
  logo: z.string().max(2048).nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/**
 * The product's team roles: admin and member. Better Auth also knows "owner", which may delete a team:
 * an admin could otherwise hand it out and have the team deleted behind the paying admin's back.
 */
const teamRole = z.enum(TEAM_ROLES);
const teamRoles = z.union([teamRole, z.array(teamRole).min(1)]);

/** Body rules per Better Auth path, checked before Better Auth runs. */
const RULES: Record<string, z.ZodType> = {
  "/sign-up/email": userFields,
  "/update-user": userFields,
  "/organization/create": z.object({ name: teamName, slug }),
  // An update without any known field makes Better Auth fail with a 500.
  "/organization/update": z.object({ data: organizationData.refine((d) => Object.keys(d).length > 0) }),
  "/organization/invite-member": z.object({ role: teamRoles }),
  "/organization/update-member-role": z.object({ role: teamRoles }),
  // Codes are sent only to verify an address; reset codes come from /email-otp/request-password-reset.
  "/email-otp/send-verification-otp": z.object({ type: z.literal("email-verification") }),
};

type AuthContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const NAME_FIELDS = new Set(["name", "firstName", "lastName"]);

/** The code the browser translates (the `auth` catalog) for the first broken rule. */
function codeOf(issue: z.core.$ZodIssue, path: string): string {
  const field = issue.path.at(-1);
  if (issue.code === "too_big" && typeof field === "string" && NAME_FIELDS.has(field)) {
    return path.startsWith("/organization/") ? "TEAM_NAME_TOO_LONG" : "NAME_TOO_LONG";
  }
  if (issue.code === "too_big" && field === "teamName") return "TEAM_NAME_TOO_LONG";
  if (path === "/email-otp/send-verification-otp") return "INVALID_OTP_TYPE";
  if (issue.path[0] === "role") return "ROLE_NOT_FOUND";
  return "VALIDATION_ERROR";
}

/**
 * A verified address has nothing left to verify, and verifying signs in: a code for it (which is
 * never sent, see sendVerificationOTP in auth.ts) must not open the account of a sign-up's address.
 * Answered like a wrong code, so it tells nothing about the address.
 */
async function refuseVerifiedAddress(ctx: AuthContext) {
  const email = typeof ctx.body?.email === "string" ? ctx.body.email.trim().toLowerCase() : "";
  if (!email) return;
  const found = await ctx.context.internalAdapter.findUserByEmail(email);
  if (found?.user.emailVerified) throw APIError.from("BAD_REQUEST", { code: "INVALID_OTP", message: "Invalid OTP" });
}

/** The Better Auth routes that set a password, and the body field that carries the new one. */
const NEW_PASSWORD_FIELD: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/email-otp/reset-password": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

/** Refuses a new password that breaks the shared rule or is known from breaches. */
async function checkNewPassword(ctx: AuthContext, passwords: PasswordChecker) {
  const field = NEW_PASSWORD_FIELD[ctx.path];
  const password = field ? ctx.body?.[field] : undefined;
  if (typeof password !== "string") return;
  const problem = await passwords.check(password);
  if (problem) throw APIError.from("BAD_REQUEST", { code: problem, message: "The new password is not accepted" });
}

/**
 * A password on the common list must be replaced before it opens a session: when the sign-in's
 * password is right, it is refused with the sign-in variant of the breach message and the person
 * resets it by code. A wrong password is left to Better Auth, which answers as for any other.
 */
async function refuseCommonPasswordSignIn(ctx: AuthContext) {
  const { email, username, password } = (ctx.body ?? {}) as { email?: unknown; username?: unknown; password?: unknown };
  if (typeof password !== "string" || !isCommonPassword(password)) return;
  let userId: string | undefined;
  if (ctx.path === "/sign-in/email" && typeof email === "string") {
    userId = (await ctx.context.internalAdapter.findUserByEmail(email.trim().toLowerCase()))?.user.id;
  } else if (ctx.path === "/sign-in/username" && typeof username === "string") {
    const where = [{ field: "username", value: username.trim().toLowerCase() }];
    userId = (await ctx.context.adapter.findOne<{ id: string }>({ model: "user", where }))?.id;
  }
  if (!userId) return;
  const accounts = await ctx.context.internalAdapter.findAccounts(userId);
  const hash = accounts.find((a) => a.providerId === "credential")?.password;
  if (!hash || !(await ctx.context.password.verify({ hash, password }))) return;
  throw APIError.from("FORBIDDEN", { code: "form_password_pwned_sign_in", message: "This password must be reset" });
}

/**
 * Refuses Better Auth requests whose fields break the product's rules, with a 400 `{ code, message }`
 * instead of a stored malformed value (or, for some shapes, a 500 from inside Better Auth), and
 * applies the password rule to every route that sets one.
 */
export function authRequestRules(deps: { passwords: PasswordChecker }) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path === "/email-otp/verify-email") await refuseVerifiedAddress(ctx);
    if (ctx.path === "/sign-in/email" || ctx.path === "/sign-in/username") await refuseCommonPasswordSignIn(ctx);
    const rule = ctx.path ? RULES[ctx.path] : undefined;
    if (rule) {
      const result = rule.safeParse(ctx.body ?? {});
      if (!result.success) {
        const [issue] = result.error.issues;
        const field = issue?.path.join(".") || "body";
        throw APIError.from("BAD_REQUEST", { code: issue ? codeOf(issue, ctx.path) : "VALIDATION_ERROR", message: `Invalid ${field}` });
      }
    }
    await checkNewPassword(ctx, deps.passwords);
  });
}

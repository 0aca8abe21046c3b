import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { parseCookies } from "better-auth/cookies";
import { z } from "zod";
import { LANGUAGES } from "../../core/languages.js";
import { NAME_MAX, nameProblem } from "../../core/names.js";
import { isTeamName, SLUG_MAX, SLUG_PATTERN, TEAM_NAME_MAX, TEAM_ROLES } from "../../core/teams.js";
import { type EmailRules, emailAllowed, normalizeEmail } from "../access/email-rules.js";
import type { SignUpAccess } from "../access/sign-up-access.js";
import type { DB } from "../db/database.js";
import { AppError, type ErrorCode } from "../errors.js";
import { ownerOfFurtherAddress } from "../identifiers/email-addresses.js";
import { ensureNotLastIdentifier, type Identifier, type IdentifierRules } from "../identifiers/last-identifier.js";

import { LIBRARY_PATH, TEAM_AUTH_PATH_PREFIX } from "../identity-paths.js";
import { libraryError } from "../library-error.js";

import { normalizeBackupCode } from "./backup-codes.js";
import { isCommonPassword, PASSWORD_ERRORS, type PasswordChecker } from "./password-policy.js";

/** Our stored images' URLs (server/images/image-store.ts). */
const STORED_IMAGE_URL = /^\/api\/images\/[0-9a-f]{64}\.webp$/;

const personName = z.string().max(NAME_MAX);
const teamName = z.string().max(TEAM_NAME_MAX).refine(isTeamName);
const slug = z.string().max(SLUG_MAX).regex(SLUG_PATTERN);

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
 * The product's team roles: admin, member and guest. Better Auth also knows "owner"; roles outside
 * the product's are refused before the library sees them.
 */
const teamRole = z.enum(TEAM_ROLES);
// A member holds one role; the library would store a list of several as "member,admin".
const teamRoles = z.union([teamRole, z.array(teamRole).length(1)]);

/**
 * A profile update: names as on sign-up, the first name not empty once trimmed, both name parts
 * together (the full name is made of them), and as image only one of our stored images (the page's
 * CSP shows no other) or none.
 */
const profileUpdate = userFields
  .extend({ image: z.string().regex(STORED_IMAGE_URL).nullable().optional() })
  .refine((u) => (u.firstName === undefined) === (u.lastName === undefined), { path: ["lastName"] })
  .refine((u) => u.firstName === undefined || nameProblem(u.firstName, { required: true }) === null, {
    path: ["firstName"],
    params: { refusal: "firstNameRequired" },
  });

/** A sign-up by e-mail carries the explicit agreement to the terms and privacy policy. */
const signUpFields = userFields.extend({ legalConsent: z.literal(true, { error: "LEGAL_CONSENT_REQUIRED" }) });

/** Body rules per Better Auth path, checked before Better Auth runs. */
const RULES: Record<string, z.ZodType> = {
  [LIBRARY_PATH.signUpEmail]: signUpFields,
  [LIBRARY_PATH.updateUser]: profileUpdate,
  [LIBRARY_PATH.createOrganization]: z.object({ name: teamName, slug }),
  // An update without any known field makes Better Auth fail with a 500.
  [LIBRARY_PATH.updateOrganization]: z.object({ data: organizationData.refine((d) => Object.keys(d).length > 0) }),
  [LIBRARY_PATH.createInvitation]: z.object({ role: teamRoles }),
  [LIBRARY_PATH.updateMemberRole]: z.object({ role: teamRoles }),
  // Codes are sent to verify an address or to sign in; reset codes come from /email-otp/request-password-reset.
  [LIBRARY_PATH.sendVerificationOTP]: z.object({ type: z.enum(["email-verification", "sign-in"]) }),
  // The library's own "otp" method would turn on codes for an account without a verified number;
  // text message codes are turned on through /api/account/phone-numbers/two-factor.
  [LIBRARY_PATH.enableTwoFactor]: z.object({ method: z.literal("totp").optional() }),
};

type AuthContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const NAME_FIELDS = new Set(["name", "firstName", "lastName"]);

/** The refusal answered for the first broken rule. */
function refusalOf(issue: z.core.$ZodIssue, path: string): ErrorCode {
  const field = issue.path.at(-1);
  if (issue.code === "too_big" && typeof field === "string" && NAME_FIELDS.has(field)) {
    return path.startsWith(TEAM_AUTH_PATH_PREFIX) ? "teamNameTooLong" : "nameTooLong";
  }
  if (issue.code === "too_big" && field === "teamName") return "teamNameTooLong";
  if (field === "legalConsent") return "legalConsentRequired";
  if (path === LIBRARY_PATH.sendVerificationOTP) return "invalidOtpType";
  if (issue.path[0] === "role") return "invalidRole";
  if (issue.code === "custom" && issue.params?.refusal === "firstNameRequired") return "firstNameRequired";
  if (field === "slug") return "invalidSlug";
  return "validationError";
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
  if (found?.user.emailVerified) throw libraryError(new AppError("invalidOtp"));
}

/** Where a request names an address for an account: the field that holds it, per path. */
const ADDRESS_FIELDS: Record<string, "email" | "newEmail"> = {
  [LIBRARY_PATH.signUpEmail]: "email",
  [LIBRARY_PATH.changeEmail]: "newEmail",
  [LIBRARY_PATH.requestEmailChangeEmailOTP]: "newEmail",
};

/**
 * The operator's e-mail rules for an address that is to be given to an account; and where the
 * address is a variant of an existing account's (a `+tag` or Gmail dots), the request continues
 * with that account's own address, so it is answered exactly as for an existing address (its
 * owner is told, nobody learns that the account exists: docs/decisions/054).
 */
async function applyEmailRules(ctx: AuthContext, db: DB, rules: EmailRules, signUpAccess: SignUpAccess) {
  const field = ctx.path ? ADDRESS_FIELDS[ctx.path] : undefined;
  const email = field && typeof ctx.body?.[field] === "string" ? (ctx.body[field] as string).trim().toLowerCase() : "";
  if (!field || !email.includes("@")) return;
  if (!emailAllowed(rules, email)) throw libraryError(new AppError("notAllowedAccess"));
  // The sign-up mode: who may create an account at all (docs/decisions/128).
  const refusal = ctx.path === LIBRARY_PATH.signUpEmail ? await signUpAccess(email) : null;
  if (refusal) throw libraryError(new AppError(refusal));
  const primaryOwner = await ctx.context.adapter.findOne<{ email: string }>({
    model: "user",
    where: [{ field: "normalizedEmail", value: normalizeEmail(email) }],
  });
  // A verified further address belongs to its account just as a primary one (docs/decisions/076).
  const furtherOwner = primaryOwner ? undefined : await ownerOfFurtherAddress(db, email);
  const owner = primaryOwner ?? (furtherOwner ? { email: furtherOwner.primaryEmail } : undefined);
  if (owner && owner.email !== email) {
    // The answer echoes the address as typed (see `echoTypedAddress`), as it would for a new account.
    return { context: { body: { ...ctx.body, [field]: owner.email }, headers: new Headers({ [TYPED_ADDRESS]: email }) } };
  }
}

const TYPED_ADDRESS = "x-typed-address";

/** A sign-up continued with the owner's address answers with the address the visitor typed. */
export const echoTypedAddress = createAuthMiddleware(async (ctx) => {
  const typed = ctx.path === LIBRARY_PATH.signUpEmail ? ctx.headers?.get(TYPED_ADDRESS) : null;
  const returned = ctx.context.returned as { user?: Record<string, unknown> } | undefined;
  if (!typed || !returned?.user || returned.user.email !== ctx.body?.email) return;
  return ctx.json({ ...returned, user: { ...returned.user, email: typed } });
});

/**
 * A profile update stores its name parts trimmed and the full name made of them, and the username
 * as typed beside its lower-case form (the username plugin checks it; a separate display form could
 * bypass that check).
 */
function normalizeProfile(body: Record<string, unknown>) {
  if (body.username === undefined) delete body.displayUsername;
  else body.displayUsername = body.username;
  if (typeof body.firstName !== "string" || typeof body.lastName !== "string") return;
  body.firstName = body.firstName.trim();
  body.lastName = body.lastName.trim();
  body.name = [body.firstName, body.lastName].filter(Boolean).join(" ");
}

/** The Better Auth routes that set a password, and the body field that carries the new one. */
const NEW_PASSWORD_FIELD: Record<string, "password" | "newPassword"> = {
  [LIBRARY_PATH.signUpEmail]: "password",
  [LIBRARY_PATH.resetPasswordEmailOTP]: "password",
  [LIBRARY_PATH.resetPassword]: "newPassword",
  [LIBRARY_PATH.changePassword]: "newPassword",
};

/** Refuses a new password that breaks the shared rule or is known from breaches. */
async function checkNewPassword(ctx: AuthContext, passwords: PasswordChecker) {
  const field = NEW_PASSWORD_FIELD[ctx.path];
  const password = field ? ctx.body?.[field] : undefined;
  if (typeof password !== "string") return;
  const problem = await passwords.check(password);
  if (problem) throw libraryError(new AppError(PASSWORD_ERRORS[problem]));
}

/** The account a sign-in names (by e-mail address or username), if it exists. */
async function signInUserId(ctx: AuthContext): Promise<string | undefined> {
  const { email, username } = (ctx.body ?? {}) as { email?: unknown; username?: unknown };
  if ((ctx.path === LIBRARY_PATH.signInEmail || ctx.path === LIBRARY_PATH.signInEmailOTP) && typeof email === "string") {
    return (await ctx.context.internalAdapter.findUserByEmail(email.trim().toLowerCase()))?.user.id;
  }
  if (ctx.path === LIBRARY_PATH.signInUsername && typeof username === "string") {
    const where = [{ field: "username", value: username.trim().toLowerCase() }];
    return (await ctx.context.adapter.findOne<{ id: string }>({ model: "user", where }))?.id;
  }
  return undefined;
}

/**
 * A sign-in to an account that this browser already holds a session of (the active one, or one
 * of the account switcher's) is refused with `session_exists`: "Add account" with an account that
 * is already signed in here would otherwise end its session and open another. Only the browser
 * holding that session learns this, so the check may come before the password's.
 */
async function refuseSignedInAccount(ctx: AuthContext) {
  const header = ctx.headers?.get("cookie");
  if (!header) return;
  const name = ctx.context.authCookies.sessionToken.name;
  const keys = [...parseCookies(header).keys()].filter((key) => key === name || key.startsWith(`${name}_multi-`));
  if (keys.length === 0) return;
  const tokens = (await Promise.all(keys.map((key) => ctx.getSignedCookie(key, ctx.context.secret)))).filter(
    (token): token is string => typeof token === "string" && token.length > 0,
  );
  if (tokens.length === 0) return;
  const userId = await signInUserId(ctx);
  if (!userId) return;
  const now = new Date();
  const sessions = await ctx.context.internalAdapter.findSessions(tokens);
  if (sessions.some((s) => s.user.id === userId && s.session.expiresAt > now)) {
    throw libraryError(new AppError("sessionExists"));
  }
}

/**
 * A code sign-in opens only an account whose address is verified: on any other the library would
 * verify the address and revoke the password nobody proved. No code is ever mailed for such an
 * address (auth.ts), so it is answered like a wrong code.
 */
async function refuseUnverifiedCodeSignIn(ctx: AuthContext) {
  const userId = await signInUserId(ctx);
  if (!userId) return;
  const user = await ctx.context.internalAdapter.findUserById(userId);
  if (!user?.emailVerified) throw libraryError(new AppError("invalidOtp"));
}

/**
 * A password on the common list must be replaced before it opens a session: when the sign-in's
 * password is right, it is refused with the sign-in variant of the breach message and the person
 * resets it by code. A wrong password is left to Better Auth, which answers as for any other.
 */
async function refuseCommonPasswordSignIn(ctx: AuthContext) {
  const { password } = (ctx.body ?? {}) as { password?: unknown };
  if (typeof password !== "string" || !isCommonPassword(password)) return;
  const userId = await signInUserId(ctx);
  if (!userId) return;
  const accounts = await ctx.context.internalAdapter.findAccounts(userId);
  const hash = accounts.find((a) => a.providerId === "credential")?.password;
  if (!hash || !(await ctx.context.password.verify({ hash, password }))) return;
  throw libraryError(new AppError("passwordPwnedSignIn"));
}

/**
 * Refuses Better Auth requests whose fields break the product's rules, with a 400 `{ code, message }`
 * instead of a stored malformed value (or, for some shapes, a 500 from inside Better Auth), and
 * applies the password rule to every route that sets one and the e-mail rules to addresses given
 * to an account.
 */
export const authRequestRules = (deps: {
  db: DB;
  emailRules: EmailRules;
  passwords: PasswordChecker;
  signUpAccess: SignUpAccess;
  identifierRules?: IdentifierRules;
  /** Whether sign-in codes may be asked for (`SIGN_IN_EMAIL_CODE`). */
  emailCodeSignIn: boolean;
}) =>
  createAuthMiddleware(async (ctx) => {
    if (ctx.path === LIBRARY_PATH.verifyEmailOTP) await refuseVerifiedAddress(ctx);
    // A password sign-in accepts any verified address of the account: a further one continues as a
    // sign-in with the primary address (docs/decisions/076); the checks below see that one.
    const primary = ctx.path === LIBRARY_PATH.signInEmail ? await furtherAddressOwner(ctx, deps.db) : undefined;
    if (primary) ctx.body = { ...ctx.body, email: primary };
    // A backup code is compared in its stored form, however it was typed.
    const backupCode = ctx.path === LIBRARY_PATH.verifyBackupCode && typeof ctx.body?.code === "string";
    if (backupCode) ctx.body = { ...ctx.body, code: normalizeBackupCode(ctx.body.code) };
    if (ctx.path === LIBRARY_PATH.sendVerificationOTP && ctx.body?.type === "sign-in" && !deps.emailCodeSignIn) {
      throw libraryError(new AppError("invalidOtpType"));
    }
    if (ctx.path === LIBRARY_PATH.signInEmailOTP) {
      await refuseSignedInAccount(ctx);
      await refuseUnverifiedCodeSignIn(ctx);
    }
    if (ctx.path === LIBRARY_PATH.signInEmail || ctx.path === LIBRARY_PATH.signInUsername) {
      await refuseSignedInAccount(ctx);
      await refuseCommonPasswordSignIn(ctx);
    }
    checkFields(ctx);
    await checkNewPassword(ctx, deps.passwords);
    await guardIdentifierRemoval(ctx, deps.db, deps.identifierRules);
    if (primary || backupCode) return { context: { body: ctx.body } };
    return applyEmailRules(ctx, deps.db, deps.emailRules, deps.signUpAccess);
  });

/** The primary address of the account whose verified further address a password sign-in names, if so. */
async function furtherAddressOwner(ctx: AuthContext, db: DB): Promise<string | undefined> {
  const email = typeof ctx.body?.email === "string" ? ctx.body.email.trim().toLowerCase() : "";
  if (!email.includes("@") || (await ctx.context.internalAdapter.findUserByEmail(email))) return undefined;
  return (await ownerOfFurtherAddress(db, email))?.primaryEmail;
}

/** The identifier a library route removes, if it is one: a passkey or a connected account. */
function removedIdentifier(ctx: AuthContext): Identifier | undefined {
  const body = (ctx.body ?? {}) as { id?: unknown; accountId?: unknown };
  if (ctx.path === LIBRARY_PATH.deletePasskey && typeof body.id === "string") return { kind: "passkey", id: body.id };
  if (ctx.path === LIBRARY_PATH.unlinkAccount && typeof body.accountId === "string")
    return { kind: "connected-account", id: body.accountId };
  return undefined;
}

/**
 * The last-identifier rule on the library's removal routes (server/identifiers/last-identifier.ts).
 * Unlinking the password ("credential") is no disconnection: it is refused whatever else is left.
 */
async function guardIdentifierRemoval(ctx: AuthContext, db: DB, rules: IdentifierRules | undefined) {
  const removing = removedIdentifier(ctx);
  if (!removing) return;
  const session = await getSessionFromCtx(ctx);
  if (!session) return;
  if (removing.kind === "connected-account") {
    const account = await db.selectFrom("account").select("providerId").where("id", "=", removing.id).executeTakeFirst();
    if (account?.providerId === "credential") {
      throw libraryError(new AppError("accountNotFound"));
    }
  }
  try {
    await ensureNotLastIdentifier(db, session.user.id, removing, rules);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw libraryError(new AppError("identificationDeletionFailed"));
  }
}

function checkFields(ctx: AuthContext) {
  const rule = ctx.path ? RULES[ctx.path] : undefined;
  if (!rule) return;
  // A body that is not an object (JSON null, a list) is refused here, before any plugin reads its fields.
  const result = rule.safeParse(ctx.body === undefined ? {} : ctx.body);
  if (result.success) {
    if (ctx.path === LIBRARY_PATH.updateUser && ctx.body) normalizeProfile(ctx.body);
    return;
  }
  const [issue] = result.error.issues;
  throw libraryError(new AppError(issue ? refusalOf(issue, ctx.path) : "validationError"));
}

import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { sql } from "kysely";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import { LIBRARY_PATH, OWN_AUTH_PATH, pathMatches } from "../identity-paths.js";
import { libraryError } from "../library-error.js";
import { connectionForAddress } from "./connections.js";
import { deactivatedByDirectory } from "./scim/deprovision.js";

/** The routes that make a session through a connection: the only ones open to an enforced domain's addresses. */
const SSO_SESSION_PATHS = [OWN_AUTH_PATH.ssoCallback, OWN_AUTH_PATH.ssoSamlFinish, OWN_AUTH_PATH.ssoLink];

/**
 * What the identity provider manages for a managed account (SPEC §6): its password, passkeys and
 * primary address; its name is changed on `/update-user`, checked below for the name fields.
 */
const MANAGED_PATHS = [
  LIBRARY_PATH.changePassword,
  LIBRARY_PATH.changeEmail,
  LIBRARY_PATH.requestEmailChangeEmailOTP,
  LIBRARY_PATH.generatePasskeyRegistrationOptions,
  LIBRARY_PATH.verifyPasskeyRegistration,
];
const NAME_FIELDS = ["name", "firstName", "lastName", "email"];

/**
 * The team whose enforced connection manages the account: the person signed in through it (their
 * identity at its provider is linked), and it is enforced and not switched off by an operator.
 */
export async function managingTeam(db: DB, userId: string): Promise<{ id: string; name: string } | undefined> {
  return db
    .selectFrom("account")
    .innerJoin("sso_connection", (join) => join.on(sql<boolean>`"account"."providerId" = 'sso:' || sso_connection.id`))
    .innerJoin("organization", "organization.id", "sso_connection.organization_id")
    .select(["organization.id", "organization.name"])
    .where("account.userId", "=", userId)
    .where("sso_connection.state", "=", "enforced")
    .where("sso_connection.disabled_at", "is", null)
    .executeTakeFirst();
}

/** Refuses, on our own routes, a change the identity provider manages (`sso_managed_account`). */
export async function assertNotManaged(db: DB, userId: string): Promise<void> {
  if (await managingTeam(db, userId)) throw new AppError("ssoManagedAccount");
}

/**
 * Enforcement and managed accounts in the identity library (docs/decisions/099): no session but
 * through the connection for an address of an enforced domain (`sso_required`, whatever the first
 * factor: password, code, link, passkey, Google, phone, wallet), and a managed account's password,
 * passkeys, address and name are refused (`sso_managed_account`), as is leaving the team whose
 * connection manages it.
 */
export function managedAccounts(db: DB) {
  return {
    id: "enterprise-managed-accounts",
    init() {
      return {
        options: {
          databaseHooks: {
            session: {
              create: {
                async before(session: { userId: string }, ctx: { path?: string } | null | undefined) {
                  if (!ctx?.path) return;
                  // An account the team's directory made and then deactivated opens no session by any way in (docs/decisions/100).
                  if (await deactivatedByDirectory(db, session.userId)) throw libraryError(new AppError("ssoAccountDeactivated"));
                  if (SSO_SESSION_PATHS.some((p) => pathMatches(p, ctx.path as string))) return;
                  const user = await db.selectFrom("user").select("email").where("id", "=", session.userId).executeTakeFirst();
                  const connection = user ? await connectionForAddress(db, user.email) : undefined;
                  if (connection?.state === "enforced") throw libraryError(new AppError("ssoRequired"));
                },
              },
            },
          },
        },
      };
    },
    hooks: {
      before: [
        {
          matcher: (ctx) =>
            [...MANAGED_PATHS, LIBRARY_PATH.updateUser, LIBRARY_PATH.leaveOrganization].some((p) => pathMatches(p, ctx.path ?? "")),
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (!session) return;
            const body = (ctx.body ?? {}) as Record<string, unknown>;
            if (ctx.path === LIBRARY_PATH.updateUser && !NAME_FIELDS.some((f) => f in body)) return;
            const team = await managingTeam(db, session.user.id);
            if (!team) return;
            if (ctx.path === LIBRARY_PATH.leaveOrganization && body.organizationId !== team.id) return;
            throw libraryError(new AppError("ssoManagedAccount"));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

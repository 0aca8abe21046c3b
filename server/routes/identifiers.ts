import { Hono } from "hono";
import { z } from "zod";
import { addEmailBody, emailCodeBody, walletChallengeBody, walletSignatureBody } from "../../core/api/account.js";
import type { AccountIdentifiers } from "../../core/api.js";
import type { EmailRules } from "../access/email-rules.js";
import { recordsSecurityEvent } from "../account/security-log.js";
import type { Auth } from "../auth/auth.js";
import { requireRecentVerification } from "../auth/reverification.js";
import { requireSession, type SessionEnv } from "../auth/session.js";
import type { DB } from "../db/database.js";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { readBody } from "../http/json-body.js";
import { rateLimit } from "../http/rate-limit.js";
import {
  addEmailAddress,
  type EmailAddressDeps,
  listEmailAddresses,
  makePrimaryEmailAddress,
  removeEmailAddress,
  sendEmailAddressCode,
  verifyEmailAddress,
} from "../identifiers/email-addresses.js";
import type { IdentifierRules } from "../identifiers/last-identifier.js";
import { connectWallet, listWallets, removeWallet, type WalletDeps, walletChallenge } from "../identifiers/wallets.js";
import type { KeyValueStore } from "../kv.js";
import type { SendMail } from "../mail/transport.js";

const idParam = z.string().min(1).max(100);

export interface IdentifierRouteDeps {
  auth: Auth;
  db: DB;
  /** Keys the address hashes of the security log. */
  secret: string;
  sendMail: SendMail;
  rules: EmailRules;
  baseUrl: string;
  providers: string[];
  rateLimited: boolean;
  kv?: KeyValueStore;
  identifierRules?: IdentifierRules;
}

/**
 * The account page's identifiers: further e-mail addresses and Web3 wallets (connected accounts
 * are linked and unlinked through Better Auth's routes). Adding, making primary and removing need a
 * recently verified session (decision 058); verifying a code only needs the session.
 */
export function identifierRoutes(deps: IdentifierRouteDeps) {
  const { auth, db } = deps;
  const app = new Hono<AppEnv & SessionEnv>();
  const emails: EmailAddressDeps = { db, auth, sendMail: deps.sendMail, rules: deps.rules, identifierRules: deps.identifierRules };
  const wallets: WalletDeps = { db, auth, baseUrl: deps.baseUrl, identifierRules: deps.identifierRules };
  const recent = requireRecentVerification({ auth, db });
  const limited = (name: string, limit: number) =>
    rateLimit({ name, limit, windowSeconds: 60, enabled: deps.rateLimited, kv: deps.kv, code: "identifierTooManyRequests" });
  const id = (raw: string) => {
    const parsed = idParam.safeParse(raw);
    if (!parsed.success) throw new AppError("notFound");
    return parsed.data;
  };

  app.get("/api/account/identifiers", requireSession(auth), async (c) => {
    const userId = c.var.session.user.id;
    const accounts = await db
      .selectFrom("account")
      .select(["id", "providerId", "createdAt"])
      .where("userId", "=", userId)
      .where("providerId", "!=", "credential")
      // A team's single sign-on is the team's to connect and remove (server/enterprise), not listed here.
      .where("providerId", "not like", "sso:%")
      .orderBy("createdAt")
      .execute();
    const answer: AccountIdentifiers = {
      emails: await listEmailAddresses(db, userId),
      connectedAccounts: accounts.map((a) => ({ id: a.id, providerId: a.providerId, createdAt: new Date(a.createdAt).toISOString() })),
      wallets: await listWallets(db, userId),
      providers: deps.providers,
    };
    c.header("Cache-Control", "no-store");
    return c.json(answer);
  });

  app.post("/api/account/emails", requireSession(auth), recent, limited("add-email", 5), async (c) => {
    const { email } = await readBody(c, addEmailBody);
    return c.json(await addEmailAddress(emails, c.var.session.user.id, email, c.var.lang), 201);
  });

  app.post("/api/account/emails/:id/code", requireSession(auth), limited("email-code", 3), async (c) => {
    await sendEmailAddressCode(emails, c.var.session.user.id, id(c.req.param("id")), c.var.lang);
    return c.json({ ok: true });
  });

  app.post(
    "/api/account/emails/:id/verify",
    requireSession(auth),
    limited("email-verify", 5),
    recordsSecurityEvent(deps, "email_added"),
    async (c) => {
      const { code } = await readBody(c, emailCodeBody);
      await verifyEmailAddress(emails, c.var.session.user.id, id(c.req.param("id")), code.trim());
      return c.json({ ok: true });
    },
  );

  app.post("/api/account/emails/:id/primary", requireSession(auth), recent, recordsSecurityEvent(deps, "email_primary"), async (c) => {
    await makePrimaryEmailAddress(emails, c.var.session.user.id, id(c.req.param("id")));
    return c.json({ ok: true });
  });

  app.delete("/api/account/emails/:id", requireSession(auth), recent, recordsSecurityEvent(deps, "email_removed"), async (c) => {
    await removeEmailAddress(emails, c.var.session.user.id, id(c.req.param("id")));
    return c.json({ ok: true });
  });

  app.post("/api/account/wallets/challenge", requireSession(auth), recent, limited("wallet-challenge", 10), async (c) => {
    const input = await readBody(c, walletChallengeBody);
    return c.json(await walletChallenge(wallets, { purpose: "connect", ...input, userId: c.var.session.user.id, lang: c.var.lang }));
  });

  app.post("/api/account/wallets", requireSession(auth), recent, recordsSecurityEvent(deps, "wallet_added"), async (c) => {
    const { nonce, signature } = await readBody(c, walletSignatureBody);
    return c.json(await connectWallet(wallets, c.var.session.user.id, nonce, signature), 201);
  });

  app.delete("/api/account/wallets/:id", requireSession(auth), recent, recordsSecurityEvent(deps, "wallet_removed"), async (c) => {
    await removeWallet(wallets, c.var.session.user.id, id(c.req.param("id")));
    return c.json({ ok: true });
  });

  return app;
}

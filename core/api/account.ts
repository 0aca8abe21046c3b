import { z } from "zod";
import { typedAddress, typedCode } from "./common";

/** POST /api/account/devices/sign-out: the session to end. */
export const signOutDeviceBody = z.object({ id: z.string().min(1).max(200) });

/** POST /api/account/devices/sign-out-others. */
export const signedOutDevices = z.object({ signedOut: z.number() });

/** PUT and DELETE /api/account/image: the profile image's URL now, or null. */
export const profileImage = z.object({ image: z.string().nullable() });

/** POST /api/account/legal-consent: the terms and privacy policy agreed to. */
export const legalConsentBody = z.object({ accepted: z.literal(true) });

/** POST /api/account/legal-consent: the version of the terms and privacy policy now agreed to. */
export const legalConsent = z.object({ version: z.string() });

/** POST /api/account/reverification: the authenticator code, password or mailed code. */
export const reverificationBody = z.object({ answer: z.string().min(1).max(1024) });

/** POST /api/account/password: a first password (accounts created with Google). */
export const firstPasswordBody = z.object({ newPassword: z.string().max(1024) });

/** POST /api/account/delete: the confirmation typed. */
export const deleteAccountBody = z.object({ confirmation: z.string().max(100) });

/** POST /api/account/phone-numbers: the number as typed. */
export const addPhoneNumberBody = z.object({ phoneNumber: z.string().max(64) });

/** POST /api/account/phone-numbers/:id/verify: the texted code. */
export const phoneCodeBody = z.object({ code: z.string().max(16) });

/** POST /api/account/phone-numbers/two-factor: text message codes as a second step, on or off. */
export const smsTwoFactorBody = z.object({ enabled: z.boolean() });

/** POST /api/account/emails: a further address. */
export const addEmailBody = z.object({ email: typedAddress });

/** POST /api/account/emails/:id/verify: the mailed code. */
export const emailCodeBody = z.object({ code: typedCode });

/** POST /api/account/wallets/challenge: the wallet's address and chain. */
export const walletChallengeBody = z.object({
  address: z.string().max(100),
  chainId: z
    .number()
    .int()
    .positive()
    .max(2 ** 48)
    .optional(),
});

/** POST /api/account/wallets: the signed challenge. */
export const walletSignatureBody = z.object({ nonce: z.string().max(100), signature: z.string().max(300) });

/** POST /api/waitlist: the address to put on the waitlist. */
export const waitlistJoinBody = z.object({ email: z.email().max(254) });

/** POST /api/waitlist/confirm: the mailed link's token. */
export const waitlistConfirmBody = z.object({ token: z.string().min(20).max(100) });

/** POST /api/data-export/check and /download: the mailed link's token. */
export const dataExportLinkBody = z.object({ token: z.string().max(200) });

/** POST /api/data-export/check: when the copy was made and until when the link works. */
export const dataExportLink = z.object({ createdAt: z.string(), expiresAt: z.string() });

/** One signed-in browser or device of the user, as the security page lists it (never its token). */
export const device = z.object({
  /** The session's id: what the browser names when signing the device out. */
  id: z.string(),
  /** Browser and operating system read from the user agent, null when unknown. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** The client address as stored when the session was created. */
  ipAddress: z.string().nullable(),
  lastActiveAt: z.string(),
  /** The session of this browser. */
  current: z.boolean(),
});

/** GET /api/account/devices. */
export const deviceList = z.object({ devices: z.array(device) });

/** A passkey as the security page lists it; dates are ISO strings, `lastUsedAt` null until its first sign-in. */
export const passkeySummary = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});

/** GET /api/account/security: what the security page shows and how the account proves itself again. */
export const accountSecurity = z.object({
  hasPassword: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** The proof asked for before a sensitive change: authenticator code, password or mailed code. */
  reverification: z.enum(["totp", "password", "email"]),
  /** The session proved its owner within the last 10 minutes. */
  recentlyVerified: z.boolean(),
  /** New passwords need four kinds of characters. */
  passwordComplexity: z.boolean(),
  /** The account's passkeys, oldest first (registered, renamed and removed through /api/auth/passkey/*). */
  passkeys: z.array(passkeySummary),
});

/** An e-mail address of the account; the primary one has the id "primary". */
export const emailAddressSummary = z.object({ id: z.string(), email: z.string(), primary: z.boolean(), verified: z.boolean() });

/** An account at another provider that signs in to this one; disconnected by its id (`/api/auth/unlink-account`). */
export const connectedAccountSummary = z.object({ id: z.string(), providerId: z.string(), createdAt: z.string() });

/** A Web3 wallet connected for Sign-In with Ethereum. */
export const walletSummary = z.object({ id: z.string(), address: z.string(), createdAt: z.string() });

/** The Sign-In with Ethereum message (EIP-4361) the wallet signs, and its single-use nonce. */
export const walletChallenge = z.object({ message: z.string(), nonce: z.string() });

/** GET /api/account/identifiers: the account's e-mail addresses, connected accounts and wallets. */
export const accountIdentifiers = z.object({
  emails: z.array(emailAddressSummary),
  connectedAccounts: z.array(connectedAccountSummary),
  wallets: z.array(walletSummary),
  /** Which providers this deployment can connect (Google only when configured). */
  providers: z.array(z.string()),
});

/** One of the account's phone numbers, in E.164 form ("+4915123456789"). */
export const phoneNumberSummary = z.object({
  id: z.string(),
  phoneNumber: z.string(),
  verified: z.boolean(),
  /** The verified number second-step codes go to; at most one. */
  primary: z.boolean(),
  createdAt: z.string(),
});

/** GET /api/account/phone-numbers: the numbers, primary first, and whether text message codes are a second step. */
export const phoneNumberList = z.object({ numbers: z.array(phoneNumberSummary), smsTwoFactor: z.boolean() });

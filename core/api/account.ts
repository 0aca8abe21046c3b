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

import { z } from "zod";
import { BAN_REASON_MAX, CONTACT_STATES, HANDLED_NOTE_MAX } from "../operator";
import { typedAddress } from "./common";

/** POST /api/admin/users/:userId/ban: why, and the ISO date-time the ban ends (absent for a ban without end). */
export const banBody = z.object({
  reason: z.string().trim().min(1).max(BAN_REASON_MAX),
  expiresAt: z.iso.datetime({ offset: true }).nullish(),
});

/** POST /api/admin/users/:userId/sessions/revoke: one session, or all without an id. */
export const revokeSessionsBody = z.object({ sessionId: z.string().min(1).max(200).optional() });

/** POST /api/admin/users/:userId/delete: the user's address typed to confirm. */
export const deleteUserBody = z.object({ confirmation: typedAddress });

/** POST /api/admin/users/:userId/complimentary: until when (absent or null: without end). */
export const complimentaryBody = z.object({ endsAt: z.iso.datetime({ offset: true }).nullish() });

/** POST /api/admin/contact-requests/:requestId: the request's new state and a note. */
export const contactRequestChangeBody = z.object({ state: z.enum(CONTACT_STATES), note: z.string().max(HANDLED_NOTE_MAX).optional() });

/** POST /api/admin/teams/:teamId/transfer-admin: the admin membership handed over and the member who takes it. */
export const transferAdminBody = z.object({ fromMemberId: z.string().min(1).max(200), toMemberId: z.string().min(1).max(200) });

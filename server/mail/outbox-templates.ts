import { accountDeletedMail } from "./templates/account-deleted.js";
import { contactConfirmationMail } from "./templates/contact-confirmation.js";
import { type ContactDetails, contactNotificationMail } from "./templates/contact-notification.js";
import { dataExportMail } from "./templates/data-export.js";
import { passwordResetMail } from "./templates/password-reset.js";
import { ssoEnforcedMail } from "./templates/sso-enforced.js";
import { teamInvitationMail } from "./templates/team-invitation.js";
import { waitlistConfirmationMail, waitlistInvitationMail } from "./templates/waitlist.js";
import type { Mail } from "./transport.js";

/** Values as the outbox keeps them (JSON): a date comes back as its ISO text. */
type Stored<T> = { [K in keyof T]: T[K] extends Date ? Date | string : T[K] };
type Values<F extends (opts: never) => Mail> = Stored<Parameters<F>[0]>;
const date = (value: Date | string) => new Date(value);
const contactOf = (contact: Stored<ContactDetails>): ContactDetails => ({ ...contact, createdAt: date(contact.createdAt) });

/**
 * The mails the outbox holds, by kind, each rendered from the values stored with it. Rendering
 * happens when the worker sends a mail, so a request that queues one only writes its values.
 * Every kind's values name the recipient as `to`.
 */
export const outboxTemplates = {
  "contact-notification": (v: { to: string; contact: Stored<ContactDetails> }) => contactNotificationMail(contactOf(v.contact), v.to),
  "contact-confirmation": (v: { to: string; contact: Stored<ContactDetails> }) => contactConfirmationMail(contactOf(v.contact)),
  "team-invitation": (v: Values<typeof teamInvitationMail>) => teamInvitationMail({ ...v, expiresAt: date(v.expiresAt) }),
  "data-export": (v: Values<typeof dataExportMail>) => dataExportMail({ ...v, expiresAt: date(v.expiresAt) }),
  "waitlist-confirmation": (v: Values<typeof waitlistConfirmationMail>) => waitlistConfirmationMail(v),
  "waitlist-invitation": (v: Values<typeof waitlistInvitationMail>) => waitlistInvitationMail(v),
  "password-reset": (v: Values<typeof passwordResetMail>) => passwordResetMail({ ...v, resetAt: date(v.resetAt) }),
  "account-deleted": (v: Values<typeof accountDeletedMail>) => accountDeletedMail(v),
  "sso-enforced": (v: Values<typeof ssoEnforcedMail>) => ssoEnforcedMail(v),
} satisfies Record<string, (values: never) => Mail>;

type Templates = typeof outboxTemplates;

/** A mail to queue: its kind and the values its template takes. */
export type MailOfKind = { [K in keyof Templates]: { kind: K; values: Parameters<Templates[K]>[0] } }[keyof Templates];

/** Renders a queued mail from its kind and stored values; throws for a kind this version does not know. */
export function renderQueuedMail(kind: string, values: unknown): Mail {
  const template = (outboxTemplates as Record<string, ((values: unknown) => Mail) | undefined>)[kind];
  if (!template) throw new Error(`no mail template for the kind "${kind}"`);
  return template(values);
}

import { describe, expect, it } from "vitest";
import { outboxTemplates, renderQueuedMail } from "./outbox-templates.js";
import { accountDeletedMail } from "./templates/account-deleted.js";
import { contactConfirmationMail } from "./templates/contact-confirmation.js";
import { contactNotificationMail } from "./templates/contact-notification.js";
import { dataExportMail } from "./templates/data-export.js";
import { passwordResetMail } from "./templates/password-reset.js";
import { ssoEnforcedMail } from "./templates/sso-enforced.js";
import { teamInvitationMail } from "./templates/team-invitation.js";
import { waitlistConfirmationMail, waitlistInvitationMail } from "./templates/waitlist.js";

/** Values as they come back from the outbox's JSON column. */
const stored = (values: unknown) => JSON.parse(JSON.stringify(values));

const contact = {
  id: "6f1c2f7e-0000-4000-8000-000000000001",
  name: "Grace <Hopper>",
  email: "grace@example.com",
  company: null,
  message: "Hello & welcome",
  language: "de",
  createdAt: new Date("2026-11-27T08:30:00Z"),
};
const expiresAt = new Date("2026-12-04T12:00:00Z");

const invitation = {
  to: "new@example.com",
  invitationId: "inv-1",
  teamName: "Talent Scouts",
  inviterName: "Ada",
  inviterEmail: "ada@example.com",
  role: "admin",
  expiresAt,
  baseUrl: "https://crm.example",
  lang: "de",
};
const dataExport = { to: "me@example.com", url: "https://crm.example/api/data-export/t", expiresAt, lang: "en" };
const waitlistConfirmation = { to: "w@example.com", baseUrl: "https://crm.example", lang: "de", token: "tok" };
const waitlistInvitation = { to: "w@example.com", baseUrl: "https://crm.example", lang: "en" };
const accountDeleted = { to: "gone@example.com", baseUrl: "https://crm.example", lang: "de" };
const ssoEnforced = { to: "mia@northwind.example", teamName: "Northwind", baseUrl: "https://crm.example", lang: "de" };
const passwordReset = { to: "r@example.com", baseUrl: "https://crm.example", lang: "de", resetAt: new Date("2026-11-28T23:05:00Z") };

describe("mails rendered from the values the outbox stores", () => {
  const cases = [
    ["contact-notification", { to: "inbox@example.com", contact }, contactNotificationMail(contact, "inbox@example.com")],
    ["contact-confirmation", { to: contact.email, contact }, contactConfirmationMail(contact)],
    ["team-invitation", invitation, teamInvitationMail(invitation)],
    ["data-export", dataExport, dataExportMail(dataExport)],
    ["waitlist-confirmation", waitlistConfirmation, waitlistConfirmationMail(waitlistConfirmation)],
    ["waitlist-invitation", waitlistInvitation, waitlistInvitationMail(waitlistInvitation)],
    ["password-reset", passwordReset, passwordResetMail(passwordReset)],
    ["account-deleted", accountDeleted, accountDeletedMail(accountDeleted)],
    ["sso-enforced", ssoEnforced, ssoEnforcedMail(ssoEnforced)],
  ] as const;

  it("covers every kind the outbox holds", () => {
    expect(cases.map(([kind]) => kind).sort()).toEqual(Object.keys(outboxTemplates).sort());
  });

  it.each(cases)("%s: the same mail as its template makes from the original values, dates included", (kind, values, expected) => {
    expect(renderQueuedMail(kind, stored(values))).toEqual(expected);
  });

  it("refuses a kind it does not know", () => {
    expect(() => renderQueuedMail("unknown", {})).toThrow('no mail template for the kind "unknown"');
  });
});

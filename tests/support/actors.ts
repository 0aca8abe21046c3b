import { sql } from "kysely";
import { json, type Smtp, signedInUser, type TestUser } from "../integration/billing-support.js";
import type { TestServer } from "./server.js";

/** Who acts in an authorization check; `null` is a signed-out visitor. */
export type Actor = TestUser | null;

/** Request headers that carry an actor's session cookie. */
export const as = (actor: Actor, headers: Record<string, string> = {}) => (actor ? { ...headers, cookie: actor.cookie } : headers);

/** Confirms a local provider's checkout page as its user's browser would. */
export function confirmCheckout(server: TestServer, user: TestUser, url: string) {
  return server.fetch(new URL(url).pathname, {
    method: "POST",
    headers: { cookie: user.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: "",
  });
}

/** Starts a pro checkout (30-day trial) for the user and confirms it; with a team name the team is created. */
export async function subscribePro(server: TestServer, user: TestUser, teamName?: string) {
  const res = await server.fetch(
    "/api/create-checkout-session",
    json({ userId: user.id, planType: "pro", teamName }, { cookie: user.cookie }),
  );
  if (res.status !== 200) throw new Error(`checkout failed: ${res.status}`);
  const { url } = (await res.json()) as { url: string };
  const done = await confirmCheckout(server, user, url);
  if (done.status !== 303) throw new Error(`confirming the checkout failed: ${done.status}`);
}

/** Invites a user into a team as `role` and has them accept; returns their member id. */
export async function addMember(server: TestServer, admin: TestUser, user: TestUser, organizationId: string, role = "member") {
  const invite = await server.fetch(
    "/api/auth/organization/invite-member",
    json({ email: user.email, role, organizationId }, { cookie: admin.cookie }),
  );
  const { id: invitationId } = (await invite.json()) as { id: string };
  const accept = await server.fetch("/api/auth/organization/accept-invitation", json({ invitationId }, { cookie: user.cookie }));
  if (!accept.ok) throw new Error(`accepting the invitation failed: ${accept.status}`);
  const { id } = (await accept.json()).member as { id: string };
  return id;
}

export interface TeamFixture {
  /** Pro user on a trial who created the team (role admin) and pays for it. */
  admin: TestUser;
  /** A plain member of the team, and a second one. */
  member: TestUser;
  colleague: TestUser;
  /** Invited with the guest role: sees the team's name only. */
  guest: TestUser;
  /** A signed-in individual user with no part in the team. */
  stranger: TestUser;
  team: { id: string; name: string };
  memberId: string;
  colleagueId: string;
  adminMemberId: string;
  /** An invitation to an address without an account, still pending. */
  invitationId: string;
  /** Another pending invitation, for the revocation through our route. */
  secondInvitationId: string;
  /** A checkout of the admin opened before their subscription and never confirmed. */
  openCheckoutPath: string;
}

/** A team with an admin, two members, a guest, a pending invitation, and a user from outside. */
export async function teamFixture(server: TestServer, smtp: Smtp, teamName = "Alpha Recruiting"): Promise<TeamFixture> {
  const admin = await signedInUser(server, smtp, "Ada Admin");
  // A checkout opened before the subscription and left open: only its owner may see it, and once
  // the subscription runs it can no longer be confirmed.
  const open = await server.fetch("/api/create-checkout-session", json({ userId: admin.id, planType: "pro" }, { cookie: admin.cookie }));
  const openCheckoutPath = new URL(((await open.json()) as { url: string }).url).pathname;
  await subscribePro(server, admin, teamName);
  const teams = await (await server.fetch("/api/teams?kind=admin", { headers: { cookie: admin.cookie } })).json();
  const team = teams.items[0] as { id: string; name: string };
  const [member, colleague, guest, stranger] = [
    await signedInUser(server, smtp, "Max Member"),
    await signedInUser(server, smtp, "Cleo Colleague"),
    await signedInUser(server, smtp, "Gil Guest"),
    await signedInUser(server, smtp, "Sam Stranger"),
  ];
  const memberId = await addMember(server, admin, member, team.id);
  const colleagueId = await addMember(server, admin, colleague, team.id);
  await addMember(server, admin, guest, team.id, "guest");
  const invite = await server.fetch(
    "/api/auth/organization/invite-member",
    json({ email: `outsider-${crypto.randomUUID()}@example.com`, role: "member", organizationId: team.id }, { cookie: admin.cookie }),
  );
  const { id: invitationId } = (await invite.json()) as { id: string };
  const second = await server.fetch(
    "/api/auth/organization/invite-member",
    json({ email: `outsider-${crypto.randomUUID()}@example.com`, role: "guest", organizationId: team.id }, { cookie: admin.cookie }),
  );
  const { id: secondInvitationId } = (await second.json()) as { id: string };
  const adminMemberId = (
    await server.db
      .selectFrom("member")
      .select("id")
      .where("userId", "=", admin.id)
      .where("organizationId", "=", team.id)
      .executeTakeFirstOrThrow()
  ).id;
  return {
    admin,
    member,
    colleague,
    guest,
    stranger,
    team,
    memberId,
    colleagueId,
    adminMemberId,
    invitationId,
    secondInvitationId,
    openCheckoutPath,
  };
}

/** Tables whose rows a refused request must leave exactly as they were. */
const STABLE_TABLES = [
  "user",
  "session",
  "account",
  "organization",
  "member",
  "invitation",
  "team_domain",
  "membership_request",
  "billing_customer",
  "billing_subscription",
  "local_checkout_session",
  "local_subscription",
];
/** Tables that background work updates (mail delivery): only which rows exist is compared. */
const GROWING_TABLES = ["contact_request", "mail_outbox", "billing_event", "phone_number", "dev_sms_outbox"];

/** Everything a request could have changed, in a form `toEqual` compares. */
export async function dbSnapshot(db: TestServer["db"]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of STABLE_TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    // Better Auth touches a session's updatedAt when it clears a refused caller's own active team.
    out[table] = rows.map(({ updatedAt, ...r }) => JSON.stringify(table === "session" ? r : { ...r, updatedAt })).sort();
  }
  for (const table of GROWING_TABLES) {
    const { rows } = await sql<{ id: unknown }>`select id from ${sql.table(table)}`.execute(db);
    out[table] = rows.map((r) => String(r.id)).sort();
  }
  return out;
}

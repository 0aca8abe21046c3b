import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, as, subscribePro } from "../support/actors.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { pixelAt, wideLogoPng } from "../support/images.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { json, type Smtp, signedInUser, type TestUser } from "./billing-support.js";

const ORG = "/api/auth/organization";

describe.each(DATABASE_KINDS)("a team's general settings on %s", (kind) => {
  let smtp: Smtp;
  let server: TestServer;
  let admin: TestUser;
  let member: TestUser;
  let teamId: string;

  const teamOf = async (user: TestUser, name: string) => {
    const teams = await (await server.fetch("/api/teams?kind=admin", { headers: as(user) })).json();
    return (teams.items as { id: string; name: string }[]).find((t) => t.name === name)?.id as string;
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, { SMTP_URL: smtp.url });
    admin = await signedInUser(server, smtp, "Ada Admin");
    await subscribePro(server, admin, "Scouts");
    teamId = await teamOf(admin, "Scouts");
    member = await signedInUser(server, smtp, "Max Member");
    await addMember(server, admin, member, teamId);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("renames the team and changes its slug under the one slug rule, unique among teams", async () => {
    const rename = await server.fetch(
      `${ORG}/update`,
      json({ organizationId: teamId, data: { name: "Scouts Berlin", slug: "scouts-berlin" } }, as(admin)),
    );
    expect(rename.status).toBe(200);
    expect(await (await server.fetch(`/api/teams/${teamId}`, { headers: as(member) })).json()).toMatchObject({
      name: "Scouts Berlin",
      slug: "scouts-berlin",
    });
    const bad = await server.fetch(
      `${ORG}/update`,
      json({ organizationId: teamId, data: { slug: "Scouts Berlin" } }, as(admin, { "x-language": "de" })),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      code: "invalid_slug",
      message: "Verwenden Sie Kleinbuchstaben und Ziffern, mit einzelnen Bindestrichen zwischen Wörtern.",
    });
    await server.fetch("/api/teams", json({ name: "Other Team" }, as(admin)));
    const taken = await server.fetch(
      `${ORG}/update`,
      json({ organizationId: await teamOf(admin, "Other Team"), data: { slug: "scouts-berlin" } }, as(admin)),
    );
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ code: "slug_taken", message: "This URL name is already taken. Please choose another one." });
  });

  it("keeps the last admin: they can neither leave nor be demoted, until another admin exists", async () => {
    const adminMember = await server.db
      .selectFrom("member")
      .select("id")
      .where("userId", "=", admin.id)
      .where("organizationId", "=", teamId)
      .executeTakeFirstOrThrow();
    const leave = await server.fetch(`${ORG}/leave`, json({ organizationId: teamId }, as(admin)));
    expect(leave.status).toBe(403);
    expect((await leave.json()).code).toBe("organization_minimum_permissions_needed");
    const demote = await server.fetch(
      `${ORG}/update-member-role`,
      json({ organizationId: teamId, memberId: adminMember.id, role: "member" }, as(admin)),
    );
    expect(demote.status).toBe(403);
    expect((await demote.json()).code).toBe("organization_minimum_permissions_needed");
    const roles = await server.db
      .selectFrom("member")
      .select(["userId", "role"])
      .where("organizationId", "=", teamId)
      .orderBy("createdAt")
      .execute();
    expect(roles).toEqual([
      { userId: admin.id, role: "admin" },
      { userId: member.id, role: "member" },
    ]);
  });

  it("lets an admin set and remove the team's logo under the image rules; members may not", async () => {
    const put = (user: TestUser, body: Uint8Array<ArrayBuffer>, type = "image/gif") =>
      server.fetch(`/api/teams/${teamId}/logo`, { method: "PUT", headers: as(user, { "content-type": type }), body });
    const GIF_1X1 = new Uint8Array(Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"));
    expect((await put(member, GIF_1X1)).status).toBe(403);
    const text = await put(admin, new TextEncoder().encode("not an image"), "image/png");
    expect(text.status).toBe(400);
    const res = await put(admin, GIF_1X1);
    expect(res.status).toBe(200);
    const { logo } = await res.json();
    expect(logo).toMatch(/^\/api\/images\/[0-9a-f]{64}\.webp$/);
    expect(await (await server.fetch(`/api/teams/${teamId}`, { headers: as(member) })).json()).toMatchObject({ logo });
    const image = await server.fetch(logo);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect((await server.fetch(`/api/teams/${teamId}/logo`, { method: "DELETE", headers: as(member) })).status).toBe(403);

    // A wide word mark is kept whole, centred on a transparent square: both ends survive, nothing is cropped.
    const wide = await put(admin, new Uint8Array(await wideLogoPng()), "image/png");
    const wideLogo = (await wide.json()).logo as string;
    const stored = new Uint8Array(await (await server.fetch(wideLogo)).arrayBuffer());
    const [left, right, top] = await Promise.all([pixelAt(stored, 1, 128), pixelAt(stored, 254, 128), pixelAt(stored, 128, 5)]);
    expect([left.width, left.height]).toEqual([256, 256]);
    const reddish = ([r = 0, g = 0, b = 0, a = 0]: number[]) => r > 180 && g < 40 && b < 40 && a === 255;
    const bluish = ([r = 0, g = 0, b = 0, a = 0]: number[]) => r < 40 && g < 40 && b > 180 && a === 255;
    expect(reddish(left.rgba), `left edge ${left.rgba}`).toBe(true);
    expect(bluish(right.rgba), `right edge ${right.rgba}`).toBe(true);
    expect(top.rgba[3]).toBe(0);
    // The team lists carry the logo, so every place that shows the team can show it.
    const mine = await (await server.fetch("/api/teams?kind=all", { headers: as(member) })).json();
    expect(mine.items.find((t: { id: string }) => t.id === teamId)).toMatchObject({ logo: wideLogo });
    const removed = await server.fetch(`/api/teams/${teamId}/logo`, { method: "DELETE", headers: as(admin) });
    expect(await removed.json()).toEqual({ logo: null });
    expect((await server.fetch(logo)).status).toBe(404);
    expect((await server.fetch(wideLogo)).status).toBe(404);
  });
  it("takes a typed team name with any dash, any case and composed or decomposed letters, in both languages", async () => {
    const created = await server.fetch("/api/teams", json({ name: "Müller – Partner" }, as(admin)));
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const typed = (confirmName: string, lang = "en") =>
      server.fetch(`/api/teams/${id}/delete`, json({ confirmName }, as(admin, { "x-language": lang })));
    const refused = await typed("Müller Partner", "de");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      code: "confirm_name_mismatch",
      message: "Geben Sie zur Bestätigung den Namen des Teams ein, wie er angezeigt wird.",
    });
    expect((await typed("mu\u0308ller-PARTNER ")).status).toBe(200);
    expect(await server.db.selectFrom("organization").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
  });

  it("deletes a team after its name is typed; the subscription paying only for it is canceled at the provider", async () => {
    // Another team still rides on the subscription: deleting it leaves the subscription running.
    const other = await teamOf(admin, "Other Team");
    expect(await (await server.fetch(`/api/teams/${other}/deletion`, { headers: as(admin) })).json()).toEqual({
      cancelsSubscription: false,
    });
    expect((await server.fetch(`/api/teams/${other}/delete`, json({ confirmName: "Other Team" }, as(admin)))).status).toBe(200);
    expect((await (await server.fetch("/api/subscription", { headers: as(admin) })).json()).isPro).toBe(true);

    expect(await (await server.fetch(`/api/teams/${teamId}/deletion`, { headers: as(admin) })).json()).toEqual({
      cancelsSubscription: true,
    });
    const wrong = await server.fetch(`/api/teams/${teamId}/delete`, json({ confirmName: "Scouts Hamburg" }, as(admin)));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ code: "confirm_name_mismatch", message: "Type the team's name as it is shown to confirm." });
    expect(await server.db.selectFrom("organization").select("id").where("id", "=", teamId).executeTakeFirst()).toBeDefined();

    // The name as a person types it: another case, spaces around and between (docs/decisions/148).
    expect((await server.fetch(`/api/teams/${teamId}/delete`, json({ confirmName: "  scouts   BERLIN " }, as(admin)))).status).toBe(200);
    expect(await server.db.selectFrom("organization").select("id").where("id", "=", teamId).executeTakeFirst()).toBeUndefined();
    expect(await server.db.selectFrom("member").select("id").where("organizationId", "=", teamId).execute()).toEqual([]);
    const subs = await server.db.selectFrom("billing_subscription").select("status").where("user_id", "=", admin.id).execute();
    expect(subs.map((s) => s.status)).toEqual(["canceled"]);
    const local = await server.db.selectFrom("local_subscription").select("status").where("user_id", "=", admin.id).execute();
    expect(local.map((s) => s.status)).toEqual(["canceled"]);
    expect((await (await server.fetch("/api/subscription", { headers: as(admin) })).json()).isPro).toBe(false);
    expect((await server.fetch(`/api/teams/${teamId}`, { headers: as(member) })).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setOperatorRole } from "../../server/operator/users.js";
import { as } from "../support/actors.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { days, type Smtp, sendLocalEvent, signedInUser, subscriptionObject, type TestUser } from "./billing-support.js";

describe.each(DATABASE_KINDS)("the console's users by sign-up day and its daily figures on %s", (kind) => {
  let smtp: Smtp;
  let server: TestServer;
  let operator: TestUser;
  let early: TestUser;
  let late: TestUser;

  const get = (path: string, lang = "en") => server.fetch(path, { headers: as(operator, { "x-language": lang }) });
  const signedUpAt = (user: TestUser, at: string) =>
    server.db
      .updateTable("user")
      .set({ createdAt: new Date(at) })
      .where("id", "=", user.id)
      .execute();

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, { SMTP_URL: smtp.url });
    operator = await signedInUser(server, smtp, "Olga Operator");
    await setOperatorRole(server.db, operator.email, true);
    early = await signedInUser(server, smtp, "Erik Early");
    late = await signedInUser(server, smtp, "Lena Late");
    await signedUpAt(operator, "2026-01-01T12:00:00Z");
    await signedUpAt(early, "2026-03-10T00:00:00Z");
    await signedUpAt(late, "2026-03-20T23:59:59Z");
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("lists the users who signed up between two days, both whole days included (UTC)", async () => {
    const ids = async (query: string) => {
      const res = await get(`/api/admin/users?sort=createdAt&dir=asc&${query}`);
      expect(res.status, query).toBe(200);
      return (await res.json()).items.map((u: { id: string }) => u.id);
    };
    expect(await ids("createdFrom=2026-03-10&createdTo=2026-03-20")).toEqual([early.id, late.id]);
    expect(await ids("createdFrom=2026-03-11")).toEqual([late.id]);
    expect(await ids("createdTo=2026-03-19")).toEqual([operator.id, early.id]);
    expect(await ids("createdFrom=2026-03-20&createdTo=2026-03-20")).toEqual([late.id]);
    expect(await ids("createdFrom=2026-03-21")).toEqual([]);
    expect(await ids("createdFrom=&createdTo=")).toEqual([operator.id, early.id, late.id]);
  });

  it("refuses a day that is not a date, or a first day after the second, in words of the page's language", async () => {
    for (const query of [
      "createdFrom=2026-02-30",
      "createdTo=yesterday",
      "createdFrom=2026-3-1",
      "createdFrom=2026-03-21&createdTo=2026-03-20",
    ]) {
      const res = await get(`/api/admin/users?${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json(), query).toEqual({
        code: "invalid_date_range",
        message: "Enter the days as dates, the first one not after the second.",
      });
    }
    const de = await get("/api/admin/users?createdFrom=2026-03-21&createdTo=2026-03-20", "de");
    expect((await de.json()).message).toBe("Geben Sie die Tage als Datum an, den ersten nicht nach dem zweiten.");
  });

  it("counts sign-ups, trials started, trials converted and contact requests per UTC day, 30 or 90 days ending today", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const dayOf = (offset: number) => days(offset).toISOString().slice(0, 10);
    // Two sign-ups five days ago and one 40 days ago (the users made above are older than 90 days).
    const fresh = await signedInUser(server, smtp, "Frida Fresh");
    const second = await signedInUser(server, smtp, "Sven Second");
    const older = await signedInUser(server, smtp, "Otto Older");
    await signedUpAt(fresh, days(-5).toISOString());
    await signedUpAt(second, days(-5).toISOString());
    await signedUpAt(older, days(-40).toISOString());
    // Today: two trials start, one of them becomes paid; a third subscription starts paid and is no trial.
    const subscription = (id: string, user: TestUser, status: string) =>
      subscriptionObject({ id, customer: `cus_${id}`, userId: user.id, status, trialEnd: status === "trialing" ? days(14) : null });
    const send = async (type: string, object: unknown) => expect((await sendLocalEvent(server, type, object)).status).toBe(200);
    await send("customer.subscription.created", subscription("sub_a", fresh, "trialing"));
    await send("customer.subscription.created", subscription("sub_b", second, "trialing"));
    await send("customer.subscription.updated", subscription("sub_a", fresh, "active"));
    await send("customer.subscription.updated", subscription("sub_a", fresh, "active"));
    await send("customer.subscription.created", subscription("sub_c", older, "active"));
    // Contact requests: two today, one marked spam (not counted), one 60 days ago.
    const contact = (id: string, status: "pending" | "spam", at: Date) =>
      server.db
        .insertInto("contact_request")
        .values({
          id,
          name: "Carla",
          email: "carla@example.com",
          company: null,
          message: null,
          language: "en",
          status,
          ip_hash: "x",
          user_agent: null,
          created_at: at,
          handled_at: null,
          handled_by: null,
          handled_note: null,
        })
        .execute();
    await contact("c1", "pending", new Date());
    await contact("c2", "spam", new Date());
    await contact("c3", "pending", days(-60));

    const month = await (await get("/api/admin/overview/daily?days=30")).json();
    expect(month.days).toBe(30);
    expect(month.timeZone).toBe("UTC");
    expect(month.series).toHaveLength(30);
    expect(month.series.at(-1).day).toBe(today);
    expect(month.series[0].day).toBe(dayOf(-29));
    type Day = { day: string } & Record<string, number>;
    const on = (series: Day[], day: string) => series.find((d) => d.day === day);
    // The operator's own sign-in today is no sign-up: every user made above was moved back.
    expect(on(month.series, today)).toEqual({ day: today, signUps: 0, trialsStarted: 2, trialsConverted: 1, contactRequests: 1 });
    expect(on(month.series, dayOf(-5))).toEqual({ day: dayOf(-5), signUps: 2, trialsStarted: 0, trialsConverted: 0, contactRequests: 0 });
    const sum = (series: Day[], key: string) => series.reduce((n, d) => n + (d[key] ?? 0), 0);
    expect(sum(month.series, "signUps")).toBe(2);
    expect(sum(month.series, "contactRequests")).toBe(1);

    const quarter = await (await get("/api/admin/overview/daily?days=90")).json();
    expect(quarter.series).toHaveLength(90);
    expect(on(quarter.series, dayOf(-40))?.signUps).toBe(1);
    expect(on(quarter.series, dayOf(-60))?.contactRequests).toBe(1);
    expect(sum(quarter.series, "signUps")).toBe(3);

    const bad = await get("/api/admin/overview/daily?days=7");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty("message");
  });
});

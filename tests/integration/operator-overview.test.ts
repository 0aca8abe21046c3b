import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setOperatorRole } from "../../server/operator/users.js";
import { as } from "../support/actors.js";
import { DATABASE_KINDS } from "../support/databases.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtpCapture } from "../support/smtp.js";
import { type Smtp, signedInUser, type TestUser } from "./billing-support.js";

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
});

import { createHmac } from "node:crypto";
import Bowser from "bowser";
import type { Context, MiddlewareHandler } from "hono";
import {
  SECURITY_EVENT_TYPES,
  SECURITY_EVENTS_PAGE_SIZE,
  type SecurityEvent,
  type SecurityEventPage,
  type SecurityEventType,
} from "../../core/security-log.js";
import type { SessionEnv } from "../auth/session.js";
import { hashAddress } from "../contact/submit-contact.js";
import type { DB } from "../db/database.js";
import type { AppEnv } from "../http/context.js";
import { describeUserAgent } from "./devices.js";

/** The request an event came from: its user agent and client address (both absent for the command line). */
export interface EventSource {
  userAgent?: string | null;
  clientIp?: string | null;
}

export interface SecurityEventInput {
  userId: string;
  type: SecurityEventType;
  actor?: "self" | "operator";
  source?: EventSource;
  /** What the event is about (a second factor's method, a provider, an operator action); shown to the user. */
  subject?: string | null;
}

/**
 * Appends one entry to the user's security log. Given a transaction, the entry commits or rolls
 * back with the change it records. The address is kept as a keyed hash only, as in the audit log.
 */
export async function recordSecurityEvent(db: DB, secret: string, event: SecurityEventInput): Promise<void> {
  const operator = event.actor === "operator";
  // An operator's browser is not the account's device: it is left out.
  const device = operator ? { browser: null, os: null } : describeUserAgent(event.source?.userAgent);
  await db
    .insertInto("security_event")
    .values({
      user_id: event.userId,
      type: event.type,
      actor: operator ? "operator" : "self",
      browser: device.browser,
      os: device.os,
      ip_hash: event.source?.clientIp && !operator ? hashAddress(event.source.clientIp, secret) : null,
      details: event.subject ? JSON.stringify({ subject: event.subject }) : null,
    })
    .execute();
}

/**
 * What makes a device "the same" for the account: its browser and system without versions (an
 * update is not a new device), kept as a keyed hash. The address is left out: a laptop that moves
 * between networks stays one device.
 */
export function deviceKey(userAgent: string | null | undefined, secret: string): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const name = [parsed.browser.name, parsed.os.name, parsed.platform.type].map((part) => part ?? "?").join("|");
  return createHmac("sha256", secret).update(`device:${name}`).digest("hex");
}

/**
 * Notes a new session's device and records a sign-in from a device the account has not used
 * before. An account's first device is only noted: signing up is not news to its owner.
 */
export async function noteSignInDevice(db: DB, secret: string, userId: string, source: EventSource): Promise<boolean> {
  const key = deviceKey(source.userAgent, secret);
  if (!key) return false;
  const known = await db.selectFrom("security_device").select("device_hash").where("user_id", "=", userId).execute();
  if (known.some((d) => d.device_hash === key)) {
    await db
      .updateTable("security_device")
      .set({ last_seen_at: new Date() })
      .where("user_id", "=", userId)
      .where("device_hash", "=", key)
      .execute();
    return false;
  }
  const inserted = await db
    .insertInto("security_device")
    .values({ user_id: userId, device_hash: key })
    .onConflict((oc) => oc.columns(["user_id", "device_hash"]).doNothing())
    .returning("device_hash")
    .executeTakeFirst();
  // Two sign-ins at once from one new device record it once.
  if (!inserted || known.length === 0) return false;
  await recordSecurityEvent(db, secret, { userId, type: "new_device_sign_in", source });
  return true;
}

const isEventType = (type: string): type is SecurityEventType => (SECURITY_EVENT_TYPES as readonly string[]).includes(type);

/** One page of the user's log, newest first. */
export async function listSecurityEvents(db: DB, userId: string, page: number): Promise<SecurityEventPage> {
  const base = db.selectFrom("security_event").where("user_id", "=", userId);
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirst(),
    base
      .select(["id", "at", "type", "actor", "browser", "os", "ip_hash", "details"])
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(SECURITY_EVENTS_PAGE_SIZE)
      .offset((page - 1) * SECURITY_EVENTS_PAGE_SIZE)
      .execute(),
  ]);
  const items: SecurityEvent[] = rows
    .filter((r) => isEventType(r.type))
    .map((r) => ({
      id: Number(r.id),
      at: new Date(r.at).toISOString(),
      type: r.type as SecurityEventType,
      actor: r.actor === "operator" ? "operator" : "self",
      browser: r.browser,
      os: r.os,
      addressHash: r.ip_hash ? r.ip_hash.slice(0, 8) : null,
      subject: typeof (r.details as { subject?: unknown } | null)?.subject === "string" ? (r.details as { subject: string }).subject : null,
    }));
  return { items, total: Number(counted?.total ?? 0), page, pageSize: SECURITY_EVENTS_PAGE_SIZE };
}

/** The request's device and address, for an event recorded by one of our routes. */
export const sourceOf = (c: { req: { header(name: string): string | undefined }; var: { clientIp: string } }): EventSource => ({
  userAgent: c.req.header("user-agent") ?? null,
  clientIp: c.var.clientIp,
});

/**
 * Records an event for the signed-in user once our route has answered with success: a refused or
 * failed change records nothing. `subject` may read the route's parameters.
 */
export function recordsSecurityEvent(
  deps: { db: DB; secret: string },
  type: SecurityEventType,
  subject?: (c: Context<AppEnv & SessionEnv>) => string | null,
): MiddlewareHandler<AppEnv & SessionEnv> {
  return async (c, next) => {
    await next();
    if (c.res.status >= 300) return;
    await recordSecurityEvent(deps.db, deps.secret, {
      userId: c.var.session.user.id,
      type,
      source: sourceOf(c),
      subject: subject?.(c) ?? null,
    });
  };
}

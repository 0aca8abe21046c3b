import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The client's address. Forwarding headers can be forged by anyone, so one is read only when the
 * operator names it (TRUSTED_IP_HEADER) because their proxy sets it; the proxy's own entry is the
 * rightmost one. Otherwise the socket's address is used.
 */
export function clientIp(c: Context, trustedHeader: string | undefined): string {
  if (trustedHeader) {
    const value = c.req.header(trustedHeader);
    const last = value?.split(",").pop()?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

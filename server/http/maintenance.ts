import type { MiddlewareHandler } from "hono";
import type { MaintenanceSwitch } from "../access/maintenance.js";
import { AppError } from "../errors.js";
import type { AppEnv } from "./context.js";

/**
 * API calls of the public site that stay up in maintenance (the pages themselves are static and
 * always served; the contact form is answered before this gate), and the payment provider's
 * webhooks, which must not be lost.
 */
const OPEN_DURING_MAINTENANCE = [/^\/api\/site-config$/, /^\/api\/webhooks\//];

/** In maintenance mode, sign-in, sign-up and every account call answer 503 with the maintenance message. */
export function maintenanceGate(maintenance: MaintenanceSwitch): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (OPEN_DURING_MAINTENANCE.some((open) => open.test(c.req.path))) return next();
    if (await maintenance.isOn()) throw new AppError("maintenance");
    return next();
  };
}

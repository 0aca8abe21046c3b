import type { SiteConfig } from "../../core/api";
import { request } from "./client";

/** Runtime settings of the server that the prerendered pages cannot contain. */
export function fetchSiteConfig(): Promise<SiteConfig> {
  return request("GET /api/site-config");
}

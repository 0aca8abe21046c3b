import type { Config } from "../config.js";
import { apiResourceOf } from "./provider.js";

/**
 * A token request without a `resource` parameter is for the API (docs/decisions/089): the plugin
 * issues JWT access tokens only for a named resource, and an opaque one would need a database read
 * per API call. The form body gets the API's address added; any other body is left as it is.
 */
export function withDefaultResource(config: Pick<Config, "BASE_URL">) {
  const resource = apiResourceOf(config);
  return (contentType: string | undefined, body: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> => {
    if (!contentType?.toLowerCase().startsWith("application/x-www-form-urlencoded")) return body;
    const form = new URLSearchParams(new TextDecoder().decode(body));
    if (form.has("resource")) return body;
    form.append("resource", resource);
    return new TextEncoder().encode(form.toString()) as Uint8Array<ArrayBuffer>;
  };
}

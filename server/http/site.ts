import { existsSync } from "node:fs";
import { SITE_ORIGIN_PLACEHOLDER } from "../../core/site-urls.js";
import { CLIENT_BUILD_DIR, COMPRESSED_STORE } from "../paths.js";
import { type LoadOptions, loadDirectory } from "./static-files.js";

const TEXT_FILE = /\.(html|xml|txt|json|webmanifest)$/;

/** The prerendered site as this deployment serves it: the build left a placeholder where its origin goes. */
export function siteOptions(baseUrl: string): LoadOptions {
  return {
    compressed: COMPRESSED_STORE,
    transform: (name, body) => {
      if (!TEXT_FILE.test(name)) return undefined;
      const text = body.toString("utf8");
      return text.includes(SITE_ORIGIN_PLACEHOLDER) ? Buffer.from(text.replaceAll(SITE_ORIGIN_PLACEHOLDER, baseUrl)) : undefined;
    },
  };
}

/** Loads the prerendered site into memory for `baseUrl`. */
export function loadSite(baseUrl: string, dir = CLIENT_BUILD_DIR) {
  if (!existsSync(dir)) throw new Error(`The site is not built (${dir} is missing): run "npm run build"`);
  return loadDirectory(dir, siteOptions(baseUrl));
}

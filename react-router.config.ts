import type { Config } from "@react-router/dev/config";
import { LANGUAGES } from "./core/languages";
import { localizedPath, NOT_FOUND_PATH, PAGES } from "./core/pages";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  // Pages are prerendered to static HTML per language; the account area renders on the client.
  ssr: false,
  prerender: () => LANGUAGES.flatMap((lang) => [...PAGES.map((p) => localizedPath(lang, p.path)), localizedPath(lang, NOT_FOUND_PATH)]),
} satisfies Config;

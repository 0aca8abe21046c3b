import type { Config } from "@react-router/dev/config";
import { LANGUAGES } from "./core/languages";
import { NOT_FOUND_PATH, PAGES } from "./core/pages";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  // Pages are prerendered to static HTML per language; the account area renders on the client.
  ssr: false,
  prerender: () =>
    LANGUAGES.flatMap((lang) => [...PAGES.map((p) => (p.path ? `/${lang}/${p.path}` : `/${lang}`)), `/${lang}/${NOT_FOUND_PATH}`]),
} satisfies Config;

import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The landing page's islands (decision 157): the same components as the React build, rendered in
// the browser by Preact's React compatibility layer. Built after the React Router build into its
// assets folder; scripts/finish-build.mjs puts the entry into the landing pages.
const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // The React Router build copied public/ already.
  publicDir: false,
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  resolve: {
    alias: [
      { find: /^react-dom(\/client)?$/, replacement: "preact/compat" },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/jsx-runtime" },
      { find: /^react$/, replacement: "preact/compat" },
      { find: /^react-router$/, replacement: local("./app/islands/router.ts") },
      { find: /^use-sync-external-store\/shim$/, replacement: local("./app/i18n/use-sync-external-store.ts") },
    ],
  },
  build: {
    outDir: "build/client",
    emptyOutDir: false,
    manifest: "islands-manifest.json",
    assetsInlineLimit: 0,
    // No <link rel="modulepreload"> inserted per island import: creating them cost 10–35 ms of main
    // thread in the task that starts the islands (decision 158); each module fetches its imports.
    modulePreload: false,
    rolldownOptions: { input: { islands: local("./app/islands/entry.tsx") }, output: { entryFileNames: "assets/[name]-[hash].js" } },
  },
});

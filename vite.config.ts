import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rolldown } from "vite";

const apiServer = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: [
      // react-i18next imports useSyncExternalStore from this package, a fallback for React 17 and
      // older that hands back React's own hook when there is one; React 19 has it.
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL("./app/i18n/use-sync-external-store.ts", import.meta.url)),
      },
    ],
  },
  build: {
    assetsInlineLimit: 0,
    ...(isSsrBuild ? {} : { rolldownOptions: { output: { codeSplitting: { groups: [everyPageChunk(), signedInChunk()] } } } }),
  },
  server: {
    port: 5173,
    // In development the Vite server renders pages and the product server answers everything else.
    proxy: Object.fromEntries(["/api", "/locales", "/healthz", "/sitemap.xml", "/robots.txt"].map((p) => [p, apiServer])),
  },
}));

// The browser build: what every page runs is one file (docs/decisions/134-one-file-for-every-page.md).
// Rolldown's automatic splitting makes a file for every set of route modules that share code, so
// what the client entry, the root route and the language route import (React DOM, React with React
// Router and i18next, the i18n set-up, the UI primitives, the language switcher, ...) was spread over
// twelve files, each compressed on its own, although every page loads all of them. In one file, every
// page loads fewer, better compressed files, and none loads code it did not load before (but for
// Vite's loader of lazy imports on the five account routes without lazy parts).

/** The modules on every page: the client entry, the root route, and the language route, which
 * holds every page the server serves ("/" itself is answered by a redirect). */
const EVERY_PAGE = /\/app\/(entry\.client\.tsx|root\.tsx|routes\/language\.tsx)$/;
const CLIENT_ENTRY = /\/app\/entry\.client\.tsx$/;

const withoutQuery = (id: string) => id.replace(/\?.*$/, "");
const isStylesheet = (id: string) => /\.css$/.test(withoutQuery(id));
/** Our own source modules; the packages they use follow them into the group. */
const isOwn = (id: string) => !id.startsWith("\0") && !id.includes("/node_modules/");

/** The modules that go into the "app" file, found from any module of the build. */
function everyPageModules(anyId: string, graph: Rolldown.ChunkingContext): Set<string> {
  const all = new Set<string>();
  const pending = [anyId];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (all.has(id)) continue;
    all.add(id);
    const m = graph.getModuleInfo(id);
    if (m) pending.push(...m.importedIds, ...m.importers);
  }

  const found = new Set<string>();
  const queue = [...all].filter((id) => EVERY_PAGE.test(withoutQuery(id)));
  // What the client entry imports, packages included (React DOM, the router's browser part).
  for (const id of queue) if (CLIENT_ENTRY.test(id)) for (const dep of graph.getModuleInfo(id)?.importedIds ?? []) found.add(dep);
  // Our modules the three import, and the modules those import; the traversal stays out of
  // packages, whose index modules name more than the pages use (react-i18next's Trans, for one).
  const seen = new Set<string>();
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (seen.has(id) || !isOwn(id)) continue;
    seen.add(id);
    const m = graph.getModuleInfo(id);
    if (!m) continue;
    queue.push(...m.importedIds);
    // Route files and the client entry stay in their own files: the entry's body starts hydration,
    // which must wait until the page's loader has imported the route modules (finish-build.mjs).
    // A stylesheet stays with the route that imports it (app/root.tsx): in a file that lazy parts
    // import too, React Router would count it as lazily loaded and Vite would add it a second time.
    if (m.isEntry || isStylesheet(id) || m.importedIds.some(isStylesheet)) continue;
    found.add(id);
  }
  return found;
}

function everyPageChunk(): Rolldown.CodeSplittingGroup {
  let modules: Set<string> | undefined;
  return {
    name: (id, ctx) => {
      modules ??= everyPageModules(id, ctx);
      // Vite's loader of lazy imports serves nearly every page too.
      return modules.has(id) || id.startsWith("\0vite/preload-helper") ? "app" : null;
    },
    debugName: "every page",
  };
}

/**
 * What the signed-in screens share (the dialogs, the pager, the read and action hooks) is one file too: the route manifest every page loads lists a route's files, so one
 * shared file instead of one per shared module keeps the public pages' download as it was
 * (docs/decisions/143-shared-screen-behaviours-and-folder-rules.md).
 */
const SIGNED_IN_SHARED = /\/app\/(ui\/(confirm-dialog|pager|dialog|form-alert|form-actions)\.tsx|api\/use-(load|action)\.ts)$/;

function signedInChunk(): Rolldown.CodeSplittingGroup {
  return {
    name: (id) => (SIGNED_IN_SHARED.test(withoutQuery(id)) ? "signed-in" : null),
    debugName: "signed-in screens",
  };
}

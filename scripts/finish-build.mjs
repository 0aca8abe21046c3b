// Runs after the React Router build:
// 1. Starts each prerendered page's JavaScript after its first paint: the framework's module
//    preloads and its inline module script (static imports, fetched while the page is still
//    parsing) become one inline module that waits for the first frame, preloads the entry and
//    imports the same modules. Text and images paint without competing with 150 KB of scripts;
//    hydration starts one frame later. A hidden tab (no frames) loads at once. Decision 116.
//    The landing pages' islands entry (decision 157) waits for the first frame the same way.
// 2. Gives each language its own app shell (React Router's SPA fallback, rendered once in English,
//    served for the pages with an id in the address): its language, catalogs and texts, so a German
//    page neither starts from nor hydrates with English. Decision 147.
// 3. Precompresses the hashed assets once (brotli and gzip files beside each), so the server does
//    not spend start-up time on them. Pages are compressed at start-up because the server writes
//    the deployment's origin into them first.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const client = "build/client";

/** Waits for the first frame, or not at all in a hidden tab (which has no frames). */
const AFTER_FIRST_FRAME =
  'await new Promise((go) => (document.visibilityState === "hidden" ? go() : requestAnimationFrame(() => setTimeout(go))));';

/** The page with its scripts started after the first paint; throws when the framework's markup is not recognised. */
function loadScriptsAfterFirstPaint(html, file) {
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"\/>/g)].map((m) => m[1]);
  const script = html.match(/<script type="module" async="">([\s\S]*?)<\/script>/);
  if (preloads.length === 0 || !script) throw new Error(`${file}: module preloads or module script not found`);
  const body = script[1];
  const imports = [...body.matchAll(/^import (?:\* as (route\d+) from )?"([^"]+)";$/gm)];
  const rest = body.replace(/^import (?:\* as route\d+ from )?"[^"]+";$/gm, "").trim();
  if (imports.length === 0 || !/^window\.__reactRouterRouteModules = .*;\s*import\("[^"]+"\);$/s.test(rest)) {
    throw new Error(`${file}: unexpected module script`);
  }
  const [first, ...routes] = imports;
  if (first[1]) throw new Error(`${file}: expected the manifest import first`);
  // import() fetches each module without a DOM element per preload (inserting 27 <link> elements
  // costs more main-thread time than the fetches); only the entry, which hydrates when evaluated,
  // is preloaded by a link and imported last.
  const entry = rest.match(/import\("([^"]+)"\);$/)[1];
  const chunks = preloads.filter((href) => href !== entry && !imports.some((m) => m[2] === href));
  const modules = [first[2], ...routes.map((m) => m[2]), ...chunks];
  const loader = [
    AFTER_FIRST_FRAME,
    `document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href: ${JSON.stringify(entry)} }));`,
    // Starting a module fetch costs main-thread time; one per task keeps every task short.
    `const modules = ${JSON.stringify(modules)}, loading = [];`,
    "for (const href of modules) {",
    "  loading.push(import(href));",
    "  await new Promise((go) => setTimeout(go));",
    "}",
    `const [, ${routes.map((m) => m[1]).join(", ")}] = await Promise.all(loading);`,
    rest,
  ].join("\n");
  return html
    .replace(/<link rel="modulepreload" href="[^"]+"\/>/g, "")
    .replace(script[0], () => `<script type="module" async="">${loader}</script>`);
}

/** The islands entry the islands build made (vite.islands.config.ts), as a URL path. */
function islandsEntry() {
  const manifest = JSON.parse(readFileSync(path.join(client, "islands-manifest.json"), "utf8"));
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error("islands-manifest.json names no entry: run the islands build first");
  return `/${entry.file}`;
}

/**
 * What no island renders, left out of an islands page's embedded catalogs (decision 159): the
 * titles and descriptions of every page (the head is prerendered), other pages' texts, the
 * server's mails and the landing sections that are not islands (their text is in the markup).
 * The landing page then arrives in the first round trip of a new connection (TCP's initial window
 * of 10 segments, 14,600 bytes), as the budget test checks.
 */
const NOT_IN_ISLANDS = {
  common: ["pages", "session", "notFound", "shellNav", "copyField"],
  contact: ["mail"],
  landing: ["keywords", "appName", "hero", "features", "benefits", "testimonials", "closing"],
};

/** The islands' code, every file their build wrote: what it reads from the catalogs. */
function islandsCode() {
  const manifest = JSON.parse(readFileSync(path.join(client, "islands-manifest.json"), "utf8"));
  const files = new Set(Object.values(manifest).map((chunk) => chunk.file));
  return [...files].map((file) => readFileSync(path.join(client, file), "utf8")).join("\n");
}

/** The embedded catalogs without NOT_IN_ISLANDS; throws when an island's code names one of those keys. */
function islandCatalogs(html, file, code) {
  const data = html.match(/<script id="i18n-resources" type="application\/json">([\s\S]*?)<\/script>/);
  if (!data) throw new Error(`${file}: embedded catalogs not found`);
  const catalogs = JSON.parse(data[1]);
  for (const [ns, keys] of Object.entries(NOT_IN_ISLANDS)) {
    for (const key of keys) {
      // The islands name a key by its path (`hero.title`, `${name}.items`) or with its namespace
      // (`common:botCheck`); a bare word such as `features` is also a nav item's name.
      const named = new RegExp(`[\`"'](?:${key}\\.|${ns}:${key}[.\`"'])`);
      if (named.test(code)) throw new Error(`the islands read ${ns}.${key}: keep it in their catalogs`);
      if (!catalogs[ns] || !(key in catalogs[ns])) throw new Error(`${file}: ${ns}.${key} is not in the embedded catalogs`);
      delete catalogs[ns][key];
    }
  }
  return html.replace(data[0], () => data[0].replace(data[1], () => JSON.stringify(catalogs).replace(/</g, "\\u003c")));
}

/**
 * A page with islands (decision 157) runs the islands entry instead of React Router: the
 * framework's preloads, context, scroll restoration and module script go, its catalogs stay,
 * less what no island renders. The entry too starts after the first frame: fetched while the
 * page parsed, it put the largest paint later (decision 116's finding, again for the islands).
 */
function withIslands(html, file, entry, code) {
  const frameworkScripts = /<script>(?:\(\(storageKey2|window\.__reactRouterContext)[\s\S]*?<\/script>/g;
  const module = /<script type="module" async="">[\s\S]*?<\/script>/;
  if (!module.test(html) || (html.match(frameworkScripts) ?? []).length !== 4) throw new Error(`${file}: unexpected framework scripts`);
  return islandCatalogs(html, file, code)
    .replace(/<link rel="modulepreload" href="[^"]+"\/>/g, "")
    .replace(frameworkScripts, "")
    .replace(module, () => `<script type="module">${AFTER_FIRST_FRAME}\nimport(${JSON.stringify(entry)});</script>`);
}

const islands = islandsEntry();
const code = islandsCode();
for (const entry of readdirSync(client, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
  const file = path.join(entry.parentPath, entry.name);
  const html = readFileSync(file, "utf8");
  // The landing page of each language (build/client/LANG/index.html) runs on islands.
  const landing = /^[a-z]{2}$/.test(path.relative(client, entry.parentPath)) && entry.name === "index.html";
  writeFileSync(file, landing ? withIslands(html, file, islands, code) : loadScriptsAfterFirstPaint(html, file));
}

const escapeHtml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const ENTITIES = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };
const unescapeHtml = (text) => text.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity]);
const catalog = (lang, ns) => JSON.parse(readFileSync(path.join("locales", lang, `${ns}.json`), "utf8"));

/** The key path of `text` among a catalog's strings, or undefined. */
function keyOf(tree, text, prefix = []) {
  for (const [key, value] of Object.entries(tree)) {
    if (value === text) return [...prefix, key];
    if (value && typeof value === "object") {
      const found = keyOf(value, text, [...prefix, key]);
      if (found) return found;
    }
  }
}

/** The English shell in `lang`; throws when it holds markup or text the copy does not recognise. */
function shellIn(lang, html) {
  const file = `${lang}/app-shell.html`;
  const data = html.match(/<script id="i18n-resources" type="application\/json">([\s\S]*?)<\/script>/);
  if (!data || !html.includes('<html lang="en"')) throw new Error(`${file}: language or embedded catalogs not found`);
  const namespaces = Object.keys(JSON.parse(data[1]));
  const english = Object.fromEntries(namespaces.map((ns) => [ns, catalog("en", ns)]));
  const own = Object.fromEntries(namespaces.map((ns) => [ns, catalog(lang, ns)]));
  const embed = (catalogs) => JSON.stringify(catalogs).replace(/</g, "\\u003c");
  if (embed(english) !== data[1]) throw new Error(`${file}: the embedded catalogs are not the English ones`);
  // Every text outside the scripts comes from the catalogs; each is replaced by its translation.
  const translated = html.split(/(<script[\s\S]*?<\/script>)/).map((part) =>
    part.startsWith("<script")
      ? part
      : part.replace(/>([^<]+)</g, (_, text) => {
          const key = keyOf(english, unescapeHtml(text));
          if (!key) throw new Error(`${file}: the text "${text}" is not from a catalog`);
          return `>${escapeHtml(key.reduce((tree, k) => tree[k], own))}<`;
        }),
  );
  return translated
    .join("")
    .replace('<html lang="en"', `<html lang="${lang}"`)
    .replace(data[0], () => data[0].replace(data[1], () => embed(own)));
}

const shell = readFileSync(path.join(client, "index.html"), "utf8");
for (const lang of readdirSync("locales")) writeFileSync(path.join(client, lang, "app-shell.html"), shellIn(lang, shell));

const assets = path.join(client, "assets");
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(assets, name);
  const body = readFileSync(file);
  if (body.length <= 256) continue;
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  );
}

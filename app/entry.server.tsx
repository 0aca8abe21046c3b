import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, languageOfPath } from "../core/languages";
import { createI18n } from "./i18n/i18n";

// Prerendering reads the catalogs from disk at build time; browsers fetch them over HTTP.
const files = import.meta.glob<Record<string, unknown>>("../locales/*/*.json", { eager: true, import: "default" });
const resources: Record<string, Record<string, unknown>> = Object.fromEntries(LANGUAGES.map((l) => [l, {}]));
for (const [file, catalog] of Object.entries(files)) {
  const [, lng, ns] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  if (lng && ns && resources[lng]) resources[lng][ns] = catalog;
}

/** Renders one page to static HTML at build time (prerender and the SPA fallback). */
export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  const lang: Language = languageOfPath(new URL(request.url).pathname) ?? DEFAULT_LANGUAGE;
  const i18n = createI18n(lang, resources as never, { ns: Object.keys(resources[lang] ?? {}) });
  return new Promise<Response>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <ServerRouter context={routerContext} url={request.url} />
      </I18nextProvider>,
      {
        onAllReady() {
          const body = new PassThrough();
          headers.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
          pipe(body);
        },
        onShellError: reject,
        onError(error) {
          status = 500;
          console.error(error);
        },
      },
    );
  });
}

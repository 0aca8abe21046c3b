import type { Context } from "hono";
import { languageOfAcceptHeader } from "../../core/languages.js";

/**
 * The interactive reference at /api/v1/docs: one small page of our own that reads
 * /api/v1/openapi.json, lists every operation with its parameters, scopes, answers and examples, and
 * sends a request with the key or token typed in (kept in the page only). Served here alone, with a
 * policy that allows only its own script and style and calls to this origin (docs/decisions/095).
 */
const WORDS = {
  en: {
    title: "API reference",
    intro: "Every route of the API, generated from its OpenAPI document. Type an API key or access token to try a route.",
    guide: "Guide: sign-in, keys, limits and errors",
    credential: "API key or access token",
    send: "Send request",
    scopes: "Scopes",
    answers: "Answers",
    example: "Example",
    result: "Result",
    loading: "Loading the API description…",
  },
  de: {
    title: "API-Referenz",
    intro:
      "Jede Route der API, erzeugt aus ihrem OpenAPI-Dokument. Geben Sie einen API-Schlüssel oder ein Zugriffstoken ein, um eine Route auszuprobieren.",
    guide: "Anleitung: Anmeldung, Schlüssel, Limits und Fehler",
    credential: "API-Schlüssel oder Zugriffstoken",
    send: "Anfrage senden",
    scopes: "Bereiche",
    answers: "Antworten",
    example: "Beispiel",
    result: "Ergebnis",
    loading: "Die API-Beschreibung wird geladen …",
  },
} as const;

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function apiDocsPage(c: Context): Response {
  const lang = languageOfAcceptHeader(c.req.header("accept-language")) ?? "en";
  const w = WORDS[lang];
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(w.title)} · Recruiting CRM</title>
<link rel="stylesheet" href="/api/v1/docs/reference.css">
<script type="module" src="/api/v1/docs/reference.js"></script>
</head>
<body>
<header><h1>${escapeHtml(w.title)}</h1><p>${escapeHtml(w.intro)}</p><p><a href="/${lang}/developers">${escapeHtml(w.guide)}</a></p>
<label for="credential">${escapeHtml(w.credential)}</label>
<input id="credential" type="password" autocomplete="off" spellcheck="false" placeholder="rcrm_…">
</header>
<main id="operations" data-words="${escapeHtml(JSON.stringify(w))}"><p>${escapeHtml(w.loading)}</p></main>
</body>
</html>`;
  return c.html(html, 200, {
    "Content-Security-Policy": CSP,
    "Cache-Control": "no-cache",
    Vary: "Accept-Language",
    "X-Robots-Tag": "noindex",
  });
}

const SCRIPT = `const main = document.getElementById("operations");
const words = JSON.parse(main.dataset.words);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const child of children) node.append(child);
  return node;
};
const doc = await (await fetch("/api/v1/openapi.json")).json();
main.replaceChildren();
let n = 0;
for (const [path, methods] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(methods)) {
    n += 1;
    const section = el("section", { "aria-labelledby": "op-" + n });
    section.append(el("h2", { id: "op-" + n }, el("code", {}, method.toUpperCase() + " " + path), " — " + op.summary));
    for (const para of op.description.split("\\n\\n")) section.append(el("p", {}, para));
    const inputs = [];
    for (const p of op.parameters ?? []) {
      if (p.in === "header") continue;
      const id = "op-" + n + "-" + p.name;
      const input = el("input", { id, name: p.name });
      inputs.push([p, input]);
      section.append(el("label", { for: id }, p.name + " (" + p.in + ")"), input);
    }
    const result = el("pre", { "aria-live": "polite", tabindex: "0" });
    const button = el("button", { type: "button" }, words.send);
    button.addEventListener("click", async () => {
      let url = path;
      const query = new URLSearchParams();
      for (const [p, input] of inputs) {
        if (p.in === "path") url = url.replace("{" + p.name + "}", encodeURIComponent(input.value));
        else if (input.value) query.set(p.name, input.value);
      }
      const credential = document.getElementById("credential").value.trim();
      const res = await fetch(url + (query.size ? "?" + query : ""), {
        method: method.toUpperCase(),
        headers: credential ? { Authorization: "Bearer " + credential } : {},
      });
      const text = await res.text();
      let body = text;
      try { body = JSON.stringify(JSON.parse(text), null, 2); } catch {}
      result.textContent = res.status + " " + res.statusText + "\\n" + ["ratelimit", "etag", "www-authenticate"].filter((h) => res.headers.get(h)).map((h) => h + ": " + res.headers.get(h)).join("\\n") + "\\n\\n" + body;
    });
    section.append(button, el("h3", {}, words.result), result, el("h3", {}, words.answers));
    const list = el("dl");
    for (const [status, answer] of Object.entries(op.responses)) {
      list.append(el("dt", {}, status), el("dd", {}, answer.description));
      const example = answer.content && Object.values(answer.content)[0].example;
      if (example) list.append(el("dd", {}, el("pre", { tabindex: "0" }, JSON.stringify(example, null, 2))));
    }
    section.append(list);
    main.append(section);
  }
}
`;

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:56rem;padding:1rem;color:#111;background:#fff}
h1{font-size:1.75rem}h2{font-size:1.2rem;margin-top:2.5rem;border-top:1px solid #ddd;padding-top:1rem}h3{font-size:1rem}
label{display:block;font-weight:600;margin-top:.75rem}input{font:inherit;width:100%;max-width:32rem;padding:.4rem;border:1px solid #666;border-radius:4px;box-sizing:border-box}
button{font:inherit;margin-top:.75rem;padding:.45rem 1rem;border:0;border-radius:4px;background:#1d4ed8;color:#fff;cursor:pointer}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}pre{background:#f4f4f5;padding:.75rem;overflow:auto;white-space:pre-wrap;word-break:break-word}
a{color:#1d4ed8}dt{font-weight:700;margin-top:.5rem}code{font-size:.95em}`;

/** The reference's script and style, each a file of its own (the policy allows no inline code). */
export function apiDocsAsset(kind: "js" | "css"): Response {
  return new Response(kind === "js" ? SCRIPT : STYLE, {
    headers: {
      "Content-Type": kind === "js" ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}

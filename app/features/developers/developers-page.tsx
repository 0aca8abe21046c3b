import { useTranslation } from "react-i18next";
import { API_SCOPES } from "../../../core/api-scopes";
import { LocalizedLink } from "../../i18n";
import { useCopy } from "../../ui/use-copy";
import { useHydrated } from "../../ui/use-hydrated";
import extensionExample from "./extension-example.txt?raw";

const SECTION_IDS = ["extension", "apps", "scopes", "keys", "limits", "errors"] as const;
const ERROR_CODES = [
  "invalid_token",
  "invalid_request",
  "insufficient_scope",
  "too_many_requests",
  "team_not_found",
  "bad_request",
  "not_found",
  "method_not_allowed",
  "maintenance",
  "unavailable",
  "internal_error",
] as const;

/** The examples are code: the same in both languages. The site's address is filled in once the page runs. */
const examples = (origin: string, problem: { lang: string; title: string; detail: string }) => ({
  discovery: `curl ${origin}/.well-known/oauth-authorization-server`,
  extension: extensionExample.trimEnd(),
  key: `curl -H "Authorization: Bearer rcrm_…" ${origin}/api/v1/entitlements`,
  answer: `{
  "plan": "pro",
  "status": "trialing",
  "trialEndsAt": "2026-12-29T10:00:00.000Z",
  "features": { "teams": true, "proFeatures": true },
  "limits": { "teamMembers": 25 },
  "teams": [{ "id": "t_9a1", "name": "Scouts", "slug": "scouts", "role": "admin", "plan": "pro" }]
}`,
  etag: `curl -i -H "Authorization: Bearer rcrm_…" -H 'If-None-Match: W/"…"' ${origin}/api/v1/entitlements`,
  problem: `curl -i -H "Accept-Language: ${problem.lang}" ${origin}/api/v1/me

HTTP/1.1 401
Content-Type: application/problem+json
WWW-Authenticate: Bearer realm="api", error="invalid_token"

{
  "type": "${origin}/en/developers#invalid_token",
  "title": "${problem.title}",
  "status": 401,
  "detail": "${problem.detail}",
  "code": "invalid_token"
}`,
});

/** A code example with a button that copies it. */
function Example({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation("developers");
  const [copied, copy] = useCopy();
  return (
    <figure className="mt-4">
      <figcaption className="sr-only">{label}</figcaption>
      <div className="relative">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling code block must be reachable by keyboard */}
        <pre tabIndex={0} className="overflow-x-auto rounded-xl bg-slate-900 p-4 pr-24 text-sm leading-relaxed text-slate-100">
          <code>{code}</code>
        </pre>
        <button
          type="button"
          aria-label={`${t("copy")}: ${label}`}
          onClick={() => copy(code)}
          className="absolute top-2 right-2 rounded-md bg-white px-3 py-1 text-sm font-medium text-slate-900 shadow focus-visible:outline-3 focus-visible:outline-amber-400"
        >
          {copied ? t("copied") : t("copy")}
        </button>
      </div>
    </figure>
  );
}

function Paragraphs({ items }: { items: string[] }) {
  return (
    <>
      {items.map((p) => (
        <p key={p} className="mt-3 leading-relaxed text-slate-700">
          {p}
        </p>
      ))}
    </>
  );
}

/** /{lang}/developers: how extensions, apps and scripts sign in and call the API, with copyable examples. */
export function DevelopersPage() {
  const { t } = useTranslation(["developers", "api"]);
  const hydrated = useHydrated();
  const { i18n } = useTranslation();
  const ex = examples(hydrated ? window.location.origin : "https://crm.example.com", {
    lang: i18n.language,
    title: t("api:titles.401"),
    detail: t("api:errors.invalidToken"),
  });
  const paragraphs = (key: string) => t(key, { returnObjects: true }) as string[];
  const heading = "scroll-mt-24 text-2xl font-semibold text-slate-900";
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">{t("title")}</h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-600">{t("intro")}</p>
      <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
        <a href="/api/v1/docs" className="font-medium text-blue-800 underline underline-offset-4">
          {t("reference")}
        </a>
        <a href="/api/v1/openapi.json" className="font-medium text-blue-800 underline underline-offset-4">
          {t("openapi")}
        </a>
      </p>
      <nav aria-label={t("toc")} className="mt-8 rounded-xl bg-slate-50 p-4">
        <ul className="grid gap-1 sm:grid-cols-2">
          {SECTION_IDS.map((id) => (
            <li key={id}>
              <a href={`#${id}`} className="text-blue-800 underline underline-offset-4">
                {t(`sections.${id}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="extension" className="mt-12">
        <h2 id="extension" className={heading}>
          {t("sections.extension.title")}
        </h2>
        <Paragraphs items={paragraphs("sections.extension.paragraphs")} />
        <p className="mt-3 leading-relaxed text-slate-700">{t("sections.extension.discovery")}</p>
        <Example code={ex.discovery} label="discovery" />
        <Example code={ex.extension} label="launchWebAuthFlow + PKCE" />
      </section>

      <section aria-labelledby="apps" className="mt-12">
        <h2 id="apps" className={heading}>
          {t("sections.apps.title")}
        </h2>
        <Paragraphs items={paragraphs("sections.apps.paragraphs")} />
      </section>

      <section aria-labelledby="scopes" className="mt-12">
        <h2 id="scopes" className={heading}>
          {t("sections.scopes.title")}
        </h2>
        <p className="mt-3 leading-relaxed text-slate-700">{t("sections.scopes.intro")}</p>
        <dl className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {(["openid", "offline_access"] as const).map((scope) => (
            <div key={scope} className="grid gap-1 p-3 sm:grid-cols-3">
              <dt className="font-mono text-sm text-slate-900">{scope}</dt>
              <dd className="text-sm text-slate-700 sm:col-span-2">{t(`sections.scopes.${scope}`)}</dd>
            </div>
          ))}
          {API_SCOPES.map((scope) => (
            <div key={scope} className="grid gap-1 p-3 sm:grid-cols-3">
              <dt className="font-mono text-sm text-slate-900">{scope}</dt>
              <dd className="text-sm text-slate-700 sm:col-span-2">{t(`api:scopes.${scope.replace(":", "_")}.description`)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="keys" className="mt-12">
        <h2 id="keys" className={heading}>
          {t("sections.keys.title")}
        </h2>
        <Paragraphs items={paragraphs("sections.keys.paragraphs")} />
        <p className="mt-3">
          <LocalizedLink to="/account/api-keys" className="font-medium text-blue-800 underline underline-offset-4">
            {t("sections.keys.accountLink")}
          </LocalizedLink>
        </p>
        <Example code={ex.key} label="curl /api/v1/entitlements" />
        <Example code={ex.answer} label="200 application/json" />
      </section>

      <section aria-labelledby="limits" className="mt-12">
        <h2 id="limits" className={heading}>
          {t("sections.limits.title")}
        </h2>
        <Paragraphs items={paragraphs("sections.limits.paragraphs")} />
        <Example code={ex.etag} label="If-None-Match" />
      </section>

      <section aria-labelledby="errors" className="mt-12">
        <h2 id="errors" className={heading}>
          {t("sections.errors.title")}
        </h2>
        <Paragraphs items={paragraphs("sections.errors.paragraphs")} />
        <Example code={ex.problem} label="application/problem+json" />
        <dl className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {ERROR_CODES.map((code) => (
            <div key={code} id={code} className="grid scroll-mt-24 gap-1 p-3 sm:grid-cols-3">
              <dt className="font-mono text-sm wrap-anywhere text-slate-900">{code}</dt>
              <dd className="text-sm text-slate-700 sm:col-span-2">{t(`sections.errors.codes.${code}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </article>
  );
}

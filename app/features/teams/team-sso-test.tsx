import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { SsoTestResult, TeamView } from "../../../core/api";
import { fetchSsoTest } from "../../api/sso";
import { useLoad } from "../../api/use-load";
import { LocalizedLink } from "../../i18n";
import { Spinner } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { useHydrated } from "../../ui/use-hydrated";

const card = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";

/**
 * /teams/{id}/sso/test?id=: where a test of a connection lands in its new tab. It shows the claims the
 * identity provider sent, or why the test failed; the test signed nobody in and created nothing.
 */
export function TeamSsoTestPage({ team }: { team: TeamView }) {
  const { t } = useTranslation("teams");
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  // Read after hydration only: the prerendered page has no query string.
  const testId = hydrated ? (params.get("id") ?? "") : null;
  const [result] = useLoad(`sso-test-${testId}`, () => (testId ? fetchSsoTest(team.id, testId) : Promise.resolve(null)));
  return (
    <section aria-labelledby="sso-test-title" className={card}>
      <h2 id="sso-test-title" className="text-lg font-semibold text-slate-900">
        {t("sso.test.title")}
      </h2>
      <div className="mt-4 space-y-4">
        {(testId === null || result.state === "loading") && <Spinner />}
        {testId === "" && <FormAlert>{t("sso.test.gone")}</FormAlert>}
        {result.state === "failed" && (
          <FormAlert>{result.status === 404 ? t("sso.test.gone") : result.message || t("sso.failed")}</FormAlert>
        )}
        {result.state === "loaded" && result.data && <Outcome result={result.data} />}
        <LocalizedLink
          to={`/teams/${team.id}/sso`}
          className="inline-block text-sm font-medium text-blue-800 underline underline-offset-4 hover:text-blue-900"
        >
          {t("sso.test.back")}
        </LocalizedLink>
      </div>
    </section>
  );
}

function Outcome({ result }: { result: SsoTestResult }) {
  const { t } = useTranslation("teams");
  if (result.pending) return <FormAlert tone="info">{t("sso.test.pending")}</FormAlert>;
  const { claims, problem } = result;
  const given = (value: string | null) => value ?? t("sso.test.notSent");
  const verified = claims?.emailVerified === null ? t("sso.test.notSent") : claims?.emailVerified ? t("sso.test.yes") : t("sso.test.no");
  return (
    <>
      {problem ? (
        <FormAlert>{t(`sso.test.problems.${problem}`)}</FormAlert>
      ) : (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {t("sso.test.passed")}
        </p>
      )}
      {claims && (
        <div>
          <h3 className="font-semibold text-slate-900">{t("sso.test.claims")}</h3>
          <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-slate-600">{t("sso.test.issuer")}</dt>
            <dd className="break-all text-slate-900">{claims.issuer}</dd>
            <dt className="text-slate-600">{t("sso.test.subject")}</dt>
            <dd className="break-all text-slate-900">{claims.subject}</dd>
            <dt className="text-slate-600">{t("sso.test.email")}</dt>
            <dd className="break-all text-slate-900">{given(claims.email)}</dd>
            <dt className="text-slate-600">{t("sso.test.emailVerified")}</dt>
            <dd className="text-slate-900">{verified}</dd>
            <dt className="text-slate-600">{t("sso.test.name")}</dt>
            <dd className="break-words text-slate-900">{given(claims.name)}</dd>
          </dl>
        </div>
      )}
      <p className="text-sm text-slate-600">{t("sso.test.nothingDone")}</p>
    </>
  );
}

import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TeamDomainList, TeamDomainRow, TeamView } from "../../../core/api";
import { ENROLLMENT_MODES, type EnrollmentMode, normalizeDomain, roleCan } from "../../../core/teams";
import { ApiRequestError } from "../../api/client";
import { addDomain, fetchDomains, removeDomain, sendDomainCode, setEnrollment, verifyDomain } from "../../api/teams";
import { useLanguage } from "../../i18n";
import { Button, Spinner } from "../../ui";
import { Breakable } from "../../ui/breakable";
import { FormAlert } from "../../ui/form-alert";

const card = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";
const input = "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2";
const failure = (error: unknown, fallback: string) => (error instanceof ApiRequestError && error.message) || fallback;

/** General tab: the team's domains, verified by a mailed code, and how each brings people in (admins only). */
export function TeamDomains({ team }: { team: TeamView }) {
  const { t } = useTranslation("teams");
  const lang = useLanguage();
  const [list, setList] = useState<TeamDomainList | null | undefined>(undefined);
  const [domain, setDomain] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const domainId = useId();
  const allowed = roleCan(team.role, { domain: ["manage"] });

  const load = useCallback(async () => {
    setList(await fetchDomains(team.id).catch(() => null));
  }, [team.id]);
  useEffect(() => {
    if (allowed) void load();
  }, [allowed, load]);
  if (!allowed) return null;

  async function add(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    if (!normalizeDomain(domain)) return setError(t("errors.invalidDomain"));
    setBusy(true);
    try {
      await addDomain(team.id, domain, lang);
      setDomain("");
      setError(null);
      await load();
    } catch (err) {
      setError(failure(err, t("domains.failed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="domains-title" className={card}>
      <h2 id="domains-title" className="text-lg font-semibold text-slate-900">
        {t("domains.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("domains.text")}</p>
      <form onSubmit={add} noValidate className="mt-4 flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <label htmlFor={domainId} className="block text-sm font-medium text-slate-800">
            {t("domains.add")}
          </label>
          <input
            id={domainId}
            value={domain}
            onChange={(e) => {
              setDomain(e.target.value);
              setError(null);
            }}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${domainId}-error` : undefined}
            className={input}
          />
        </div>
        <Button type="submit" variant="secondary" size="md" disabled={busy}>
          {busy ? t("domains.adding") : t("domains.addButton")}
        </Button>
      </form>
      {error && (
        <p id={`${domainId}-error`} role="alert" className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
      {notice && (
        <div className="mt-3">
          <FormAlert tone="info">{notice}</FormAlert>
        </div>
      )}
      {list === undefined && <Spinner />}
      {list?.items.length === 0 && <p className="mt-4 text-sm text-slate-600">{t("domains.empty")}</p>}
      {list && list.items.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-100" aria-label={t("domains.title")}>
          {list.items.map((d) => (
            <DomainItem key={d.id} team={team} domain={d} onChanged={load} onNotice={setNotice} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DomainItem(props: { team: TeamView; domain: TeamDomainRow; onChanged: () => Promise<void>; onNotice: (text: string) => void }) {
  const { team, domain: d } = props;
  const { t } = useTranslation("teams");
  const lang = useLanguage();
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [mode, setMode] = useState<EnrollmentMode>(d.enrollmentMode);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(d.codeSentTo);
  const ids = useId();

  async function act(work: () => Promise<string | null>) {
    setError(null);
    try {
      const notice = await work();
      if (notice) props.onNotice(notice);
    } catch (err) {
      setError(failure(err, t("domains.failed")));
    }
  }

  return (
    <li className="space-y-3 py-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">
          <Breakable text={d.domain} />{" "}
          <span
            className={`ml-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${d.verified ? "bg-emerald-50 text-emerald-800" : "bg-amber-50 text-amber-900"}`}
          >
            {d.verified ? t("domains.verified") : t("domains.unverified")}
          </span>
        </p>
        <Button
          variant="secondary"
          size="xs"
          aria-label={t("domains.removeDomain", { domain: d.domain })}
          onClick={() =>
            act(async () => {
              await removeDomain(team.id, d.id, lang);
              await props.onChanged();
              return t("domains.removed", { domain: d.domain });
            })
          }
        >
          {t("domains.remove")}
        </Button>
      </div>
      {!d.verified && (
        <div className="grid gap-3 sm:grid-cols-2">
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void act(async () => {
                await sendDomainCode(team.id, d.id, email, lang);
                setSentTo(email.trim().toLowerCase());
                return null;
              });
            }}
          >
            <label htmlFor={`${ids}-email`} className="block text-sm font-medium text-slate-800">
              {t("domains.email", { domain: d.domain })}
            </label>
            <div className="mt-1 flex gap-2">
              <input
                id={`${ids}-email`}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                className={`${input} mt-0`}
              />
              <Button type="submit" variant="secondary" size="md" className="whitespace-nowrap">
                {t("domains.sendCode")}
              </Button>
            </div>
          </form>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void act(async () => {
                await verifyDomain(team.id, d.id, code, lang);
                await props.onChanged();
                return t("domains.verifiedNow", { domain: d.domain });
              });
            }}
          >
            <label htmlFor={`${ids}-code`} className="block text-sm font-medium text-slate-800">
              {t("domains.code")}
            </label>
            <div className="mt-1 flex gap-2">
              <input
                id={`${ids}-code`}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                className={`${input} mt-0`}
              />
              <Button type="submit" variant="strong" size="md">
                {t("domains.verify")}
              </Button>
            </div>
          </form>
          {sentTo && (
            <p role="status" className="text-sm text-slate-700 sm:col-span-2">
              {t("domains.codeSent", { email: sentTo })}
            </p>
          )}
        </div>
      )}
      {d.verified && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void act(async () => {
              await setEnrollment(team.id, d.id, mode, lang);
              await props.onChanged();
              return t("domains.modeSaved", { domain: d.domain });
            });
          }}
        >
          <div className="min-w-0 flex-1">
            <label htmlFor={`${ids}-mode`} className="block text-sm font-medium text-slate-800">
              {t("domains.mode", { domain: d.domain })}
            </label>
            <select
              id={`${ids}-mode`}
              value={mode}
              onChange={(e) => setMode(e.target.value as EnrollmentMode)}
              className="mt-1 w-full max-w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
            >
              {ENROLLMENT_MODES.map((m) => (
                <option key={m} value={m}>
                  {t(`domains.modes.${m}`)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary" size="md">
            {t("domains.saveMode")}
          </Button>
        </form>
      )}
      {error && <FormAlert>{error}</FormAlert>}
    </li>
  );
}

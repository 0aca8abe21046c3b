import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MembershipRequestList, MembershipRequestRow, TeamView } from "../../../core/api";
import { ApiRequestError } from "../../api/client";
import { decideRequest, fetchRequests } from "../../api/teams";
import { useLanguage } from "../../i18n";
import { Button, Spinner } from "../../ui";
import { Breakable } from "../../ui/breakable";
import { FormAlert } from "../../ui/form-alert";

/** The Requests tab: people at a verified domain asked to join; an admin approves or rejects each. */
export function TeamRequests({ team }: { team: TeamView }) {
  const { t, i18n } = useTranslation("teams");
  const lang = useLanguage();
  const [list, setList] = useState<MembershipRequestList | null | undefined>(undefined);
  const [notice, setNotice] = useState<{ tone: "info" | "error"; text: string } | null>(null);
  const load = useCallback(async () => {
    setList(await fetchRequests(team.id).catch(() => null));
  }, [team.id]);
  useEffect(() => {
    void load();
  }, [load]);

  async function decide(request: MembershipRequestRow, approve: boolean) {
    setNotice(null);
    try {
      await decideRequest(team.id, request.id, approve, lang);
      setNotice({ tone: "info", text: t(approve ? "requests.approved" : "requests.rejected", { name: request.name }) });
    } catch (err) {
      setNotice({ tone: "error", text: (err instanceof ApiRequestError && err.message) || t("domains.failed") });
    }
    await load();
  }

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  return (
    <section aria-labelledby="requests-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="requests-title" className="text-lg font-semibold text-slate-900">
        {t("members.tabs.requests")}
      </h2>
      {notice && (
        <div className="mt-3">
          <FormAlert tone={notice.tone}>{notice.text}</FormAlert>
        </div>
      )}
      {list === undefined && <Spinner />}
      {list === null && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {t("requests.loadError")}
        </p>
      )}
      {list?.items.length === 0 && <p className="mt-3 text-sm text-slate-600">{t("requests.empty")}</p>}
      {list && list.items.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-100" aria-label={t("requests.listLabel")}>
          {list.items.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  <Breakable text={r.name} />
                </p>
                <p className="text-sm text-slate-700">
                  <Breakable text={r.email} />
                </p>
                <p className="text-sm text-slate-600">{t("requests.requestedOn", { date: date.format(new Date(r.requestedAt)) })}</p>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="strong"
                  size="xs"
                  aria-label={t("requests.approveOf", { name: r.name })}
                  onClick={() => void decide(r, true)}
                >
                  {t("requests.approve")}
                </Button>
                <Button
                  variant="secondary"
                  size="xs"
                  aria-label={t("requests.rejectOf", { name: r.name })}
                  onClick={() => void decide(r, false)}
                >
                  {t("requests.reject")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

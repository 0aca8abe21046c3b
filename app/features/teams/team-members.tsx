import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TeamView } from "../../../core/api";
import { primaryRole } from "../../../core/teams";
import { authClient } from "../../identity/client";
import { Spinner } from "../../ui";

interface MemberRow {
  id: string;
  role: string;
  createdAt: string | Date;
  user: { name: string; email: string };
}

/** /teams/{id}/members: who is in the team, with their role and since when. */
export function TeamMembers({ team }: { team: TeamView }) {
  const { t, i18n } = useTranslation("teams");
  const [members, setMembers] = useState<MemberRow[] | null | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    authClient.organization
      .listMembers({ query: { organizationId: team.id, limit: 100 } })
      .then(({ data }) => !cancelled && setMembers((data?.members as MemberRow[] | undefined) ?? null))
      .catch(() => !cancelled && setMembers(null));
    return () => {
      cancelled = true;
    };
  }, [team.id]);

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  return (
    <section aria-labelledby="members-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="members-title" className="text-lg font-semibold text-slate-900">
        {t("members.title")}
      </h2>
      {members === undefined && <Spinner />}
      {members === null && (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {t("members.loadError")}
        </p>
      )}
      {members && (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("members.name")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("members.email")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("members.joined")}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t("members.role")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {members.map((m) => (
                <tr key={m.id}>
                  <td className="py-2 pr-3 wrap-anywhere text-slate-900">{m.user.name}</td>
                  <td className="py-2 pr-3 break-all text-slate-700">{m.user.email}</td>
                  <td className="py-2 pr-3 whitespace-nowrap text-slate-700">{date.format(new Date(m.createdAt))}</td>
                  <td className="py-2 text-slate-700">{t(`roles.${primaryRole(m.role)}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { isAdminRole } from "../../../core/teams";
import { openBillingPortal } from "../../api/billing";
import { LocalizedLink, useLanguage } from "../../i18n";
import { authClient } from "../../identity/client";
import { Button, Spinner } from "../../ui";

interface FullTeam {
  id: string;
  name: string;
  slug: string;
  members: { id: string; role: string; userId: string; user: { name: string; email: string } }[];
}

/** A team's profile: its name and members; admins reach its billing. */
export function TeamProfile({ userId }: { userId: string }) {
  const { t } = useTranslation(["dashboard", "common"]);
  const lang = useLanguage();
  const { teamId = "" } = useParams();
  const [team, setTeam] = useState<FullTeam | null | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    authClient.organization
      .getFullOrganization({ query: { organizationId: teamId } })
      .then(({ data }) => !cancelled && setTeam((data as FullTeam | null) ?? null))
      .catch(() => !cancelled && setTeam(null));
    return () => {
      cancelled = true;
    };
  }, [teamId]);

  const me = team?.members.find((m) => m.userId === userId);
  const isAdmin = me ? isAdminRole(me.role) : false;
  return (
    <main id="main" className="mx-auto w-full max-w-4xl flex-1 space-y-6 px-4 py-8">
      {team && <title>{`${team.name} | ${t("common:brand")}`}</title>}
      <LocalizedLink to="/dashboard" className="text-sm font-medium text-blue-800 underline-offset-4 hover:underline">
        ← {t("teamProfile.back")}
      </LocalizedLink>
      {team === undefined && <Spinner />}
      {team === null && (
        <>
          <h1 className="text-2xl font-bold text-slate-900">{t("teams.yours")}</h1>
          <p role="alert">{t("teamProfile.notFound")}</p>
        </>
      )}
      {team && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h1 className="min-w-0 text-3xl font-bold wrap-anywhere text-slate-900">{team.name}</h1>
            {isAdmin && (
              <Button variant="secondary" size="md" className="bg-white" onClick={() => openBillingPortal(lang, team.id)}>
                {t("teamProfile.manageBilling")}
              </Button>
            )}
          </div>
          <section aria-labelledby="members-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="members-title" className="text-lg font-semibold text-slate-900">
              {t("teamProfile.members")}
            </h2>
            <table className="mt-4 w-full text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 font-medium">
                    {t("teamProfile.name")}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t("teamProfile.email")}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t("teamProfile.role")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {team.members.map((m) => (
                  <tr key={m.id}>
                    <td className="py-2 pr-3 wrap-anywhere text-slate-900">{m.user.name}</td>
                    <td className="py-2 pr-3 break-all text-slate-700">{m.user.email}</td>
                    <td className="py-2 text-slate-700">{isAdminRole(m.role) ? t("teams.roleAdmin") : t("teams.roleMember")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </main>
  );
}

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TeamSuggestion } from "../../../core/api";
import { ApiRequestError } from "../../api/client";
import { fetchSuggestions, joinSuggested, requestToJoin } from "../../api/teams";
import { useLanguage } from "../../i18n";
import { Button } from "../../ui";

const badge = "rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800";

/** /teams: teams that verified the domain of the user's address: Join → Joined, Request to join → Pending approval. */
export function TeamSuggestions({ onJoined }: { onJoined: () => void }) {
  const { t } = useTranslation("teams");
  const lang = useLanguage();
  const [items, setItems] = useState<(TeamSuggestion & { joined?: boolean })[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetchSuggestions().then(
      (list) => setItems(list.items),
      () => setItems([]),
    );
  }, []);
  if (items.length === 0) return null;

  async function act(team: TeamSuggestion) {
    setError(null);
    try {
      if (team.state === "join") await joinSuggested(team.id, lang);
      else await requestToJoin(team.id, lang);
      setItems((all) =>
        all.map((s) => (s.id !== team.id ? s : team.state === "join" ? { ...s, joined: true } : { ...s, state: "pending" })),
      );
      if (team.state === "join") onJoined();
    } catch (err) {
      setError((err instanceof ApiRequestError && err.message) || t("suggestions.failed"));
    }
  }

  return (
    <section aria-labelledby="suggestions-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="suggestions-title" className="text-lg font-semibold text-slate-900">
        {t("suggestions.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("suggestions.text")}</p>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <ul className="mt-2 divide-y divide-slate-100">
        {items.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <p className="min-w-0 font-medium wrap-anywhere text-slate-900">{s.name}</p>
            {s.joined ? (
              <span role="status" className={badge}>
                {t("suggestions.joined")}
              </span>
            ) : s.state === "pending" ? (
              <span role="status" className={badge}>
                {t("suggestions.pending")}
              </span>
            ) : (
              <Button
                variant="outline"
                size="xs"
                aria-label={t(s.state === "join" ? "suggestions.joinTeam" : "suggestions.requestTeam", { name: s.name })}
                onClick={() => void act(s)}
              >
                {t(s.state === "join" ? "suggestions.join" : "suggestions.request")}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * What just happened to a team, said on the page the person lands on (docs/decisions/149): a team
 * created, deleted or left, an invitation accepted. Leaving and deleting end in a full page load
 * (the session starts without the team), so the notice waits in the tab's session storage and is
 * shown once.
 */
export type TeamNoticeKind = "created" | "deleted" | "left" | "joined";
export interface TeamNotice {
  kind: TeamNoticeKind;
  name: string;
}

const KEY = "team-notice";
const KINDS: readonly TeamNoticeKind[] = ["created", "deleted", "left", "joined"];

export function rememberTeamNotice(notice: TeamNotice): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(notice));
  } catch {
    // Storage blocked: the page itself shows the team gone (or joined), without the sentence.
  }
}

function takeTeamNotice(): TeamNotice | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Partial<TeamNotice> | null;
    sessionStorage.removeItem(KEY);
    return stored && KINDS.includes(stored.kind as TeamNoticeKind) && typeof stored.name === "string"
      ? { kind: stored.kind as TeamNoticeKind, name: stored.name }
      : null;
  } catch {
    return null;
  }
}

/** The notice left for this page, taken once after it mounts; the setter shows one from the page itself. */
export function useTeamNotice() {
  const [notice, setNotice] = useState<TeamNotice | null>(null);
  useEffect(() => {
    const left = takeTeamNotice();
    if (left) setNotice(left);
  }, []);
  return [notice, setNotice] as const;
}

/** The confirmation, as a status the screen reader announces. */
export function TeamNoticeBanner({ notice }: { notice: TeamNotice | null }) {
  const { t } = useTranslation("teams");
  return (
    <div role="status" className={notice ? "rounded-xl border border-emerald-200 bg-emerald-50 p-4" : "sr-only"}>
      {notice && (
        <>
          <p className="font-semibold wrap-anywhere text-emerald-900">{t(`notices.${notice.kind}.title`, { name: notice.name })}</p>
          <p className="mt-1 text-sm text-slate-700">{t(`notices.${notice.kind}.text`, { name: notice.name })}</p>
        </>
      )}
    </div>
  );
}

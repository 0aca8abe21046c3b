import { useEffect, useState } from "react";
import type { TeamView } from "../../../core/api";
import { fetchTeam } from "../../api/teams";
import { authClient, type Session } from "../../identity/client";

/**
 * The session's active team (null: the personal account). The active team is the one the user
 * works in: the dashboard greets it, the user menu shows it, and team pages open with it.
 */
export function useActiveTeam(session: Session): TeamView | null {
  const activeId = (session.session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null;
  const [team, setTeam] = useState<TeamView | null>(null);
  useEffect(() => {
    let cancelled = false;
    if (!activeId) {
      setTeam(null);
      return;
    }
    fetchTeam(activeId)
      .then((t) => !cancelled && setTeam(t))
      .catch(() => !cancelled && setTeam(null));
    return () => {
      cancelled = true;
    };
  }, [activeId]);
  return team;
}

/** Makes a team (or, with null, the personal account) the active one; the session re-reads itself. */
export async function switchTeam(teamId: string | null): Promise<boolean> {
  const { error } = await authClient.organization.setActive({ organizationId: teamId });
  return !error;
}

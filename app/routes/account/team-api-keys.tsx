import { ApiKeysPanel } from "../../features/api-keys/api-keys-panel";
import { TeamChrome } from "../../features/teams/team-chrome";
import { TeamFrame } from "../../features/teams/team-frame";

export const handle = { i18n: ["dashboard", "teams", "api"] };

/** /{lang}/teams/{id}/api-keys: the team's API keys, for its admins (docs/decisions/094). */
export default function TeamApiKeysRoute() {
  return (
    <TeamChrome>
      {(ctx) => <TeamFrame ctx={ctx}>{(team) => <ApiKeysPanel owner={{ kind: "team", teamId: team.id }} />}</TeamFrame>}
    </TeamChrome>
  );
}

// A team's page belongs to the console's team list, and has its title.

import { OPERATOR_NAMESPACES, operatorRoute } from "../../features/operator/operator-route";
import { TeamPage } from "../../features/operator/team-page";

export const handle = { i18n: OPERATOR_NAMESPACES };

export default operatorRoute(TeamPage, "operatorTeams");

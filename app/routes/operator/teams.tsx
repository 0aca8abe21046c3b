import { OPERATOR_NAMESPACES, operatorRoute } from "../../features/operator/operator-route";
import { TeamsPage } from "../../features/operator/teams-page";

export const handle = { i18n: OPERATOR_NAMESPACES };

export default operatorRoute(TeamsPage, "operatorTeams");

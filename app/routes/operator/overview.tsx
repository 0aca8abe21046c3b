import { OPERATOR_NAMESPACES, operatorRoute } from "../../features/operator/operator-route";
import { OverviewPage } from "../../features/operator/overview-page";

export const handle = { i18n: OPERATOR_NAMESPACES };

export default operatorRoute(OverviewPage, "operatorOverview");

import { AppsPage } from "../../features/operator/apps-page";
import { OPERATOR_NAMESPACES, operatorRoute } from "../../features/operator/operator-route";

export const handle = { i18n: OPERATOR_NAMESPACES };

export default operatorRoute(AppsPage, "operatorApps");

import { OPERATOR_NAMESPACES, operatorRoute } from "../../features/operator/operator-route";
import { SubscriptionsPage } from "../../features/operator/subscriptions-page";

export const handle = { i18n: OPERATOR_NAMESPACES };

export default operatorRoute(SubscriptionsPage, "operatorSubscriptions");

import { OPERATOR_NAMESPACES, operatorRoute } from "../../features/operator/operator-route";
import { UsersPage } from "../../features/operator/users-page";

export const handle = { i18n: OPERATOR_NAMESPACES };

export default operatorRoute(UsersPage, "operatorUsers");

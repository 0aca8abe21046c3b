// A user's page belongs to the console's user list, and has its title.

import { OPERATOR_NAMESPACES, operatorRoute } from "../../features/operator/operator-route";
import { UserPage } from "../../features/operator/user-page";

export const handle = { i18n: OPERATOR_NAMESPACES };

export default operatorRoute(UserPage, "operatorUsers");

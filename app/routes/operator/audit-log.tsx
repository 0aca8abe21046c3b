import { AuditLogPage } from "../../features/operator/audit-log-page";
import { OPERATOR_NAMESPACES, operatorRoute } from "../../features/operator/operator-route";

export const handle = { i18n: OPERATOR_NAMESPACES };

export default operatorRoute(AuditLogPage, "operatorAuditLog");

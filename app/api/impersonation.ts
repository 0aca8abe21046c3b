import { request } from "./client";

/** Ends the impersonation this browser is in; answers whom it was and whether the operator is signed in again. */
export const stopImpersonation = () => request("POST /api/impersonation/stop");

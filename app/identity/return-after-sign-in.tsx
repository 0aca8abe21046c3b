import { useEffect } from "react";
import { useNavigate } from "react-router";
import { isServerAddress, takeReturn } from "./return-to";

/**
 * On the dashboard, where sign-in and sign-up end: goes on to the page remembered before them (an
 * invitation), or back to an app's authorization, which the server answers.
 */
export function ReturnAfterSignIn() {
  const navigate = useNavigate();
  useEffect(() => {
    const path = takeReturn();
    if (path && isServerAddress(path)) window.location.replace(path);
    else if (path) navigate(path, { replace: true });
  }, [navigate]);
  return null;
}

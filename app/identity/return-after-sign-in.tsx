import { useEffect } from "react";
import { useNavigate } from "react-router";
import { takeReturn } from "./return-to";

/** On the dashboard, where sign-in and sign-up end: goes on to the page remembered before them (an invitation). */
export function ReturnAfterSignIn() {
  const navigate = useNavigate();
  useEffect(() => {
    const path = takeReturn();
    if (path) navigate(path, { replace: true });
  }, [navigate]);
  return null;
}

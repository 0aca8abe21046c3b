import { useCallback, useEffect, useState } from "react";
import type { AccountIdentifiers } from "../../../core/api";
import { request } from "../../api/client";

/** The account page's identifiers (GET /api/account/identifiers), reloadable after a change. */
export function useAccountIdentifiers() {
  const [state, setState] = useState<AccountIdentifiers | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(async () => {
    try {
      setState(await request("GET /api/account/identifiers"));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { state, failed, reload };
}

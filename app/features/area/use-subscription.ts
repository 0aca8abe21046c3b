import { useCallback, useEffect, useState } from "react";
import type { SubscriptionView } from "../../../core/api";
import { fetchSubscription } from "../../api/billing";

/**
 * The signed-in user's subscription view. After a checkout the provider's events may arrive a
 * moment after the redirect, so it polls briefly until the subscription shows as active.
 */
export function useSubscription(awaitingCheckout: boolean) {
  const [view, setView] = useState<SubscriptionView | null>(null);
  const [pending, setPending] = useState(awaitingCheckout);

  const load = useCallback(async () => {
    try {
      const next = await fetchSubscription();
      setView(next);
      return next;
    } catch {
      return null;
    }
  }, []);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      for (let attempt = 0; attempt < (awaitingCheckout ? 8 : 1); attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, 1000));
        if (cancelled) return;
        const next = await load();
        if (!awaitingCheckout || next?.active) break;
      }
      if (!cancelled) setPending(false);
    })();
    return () => {
      cancelled = true;
    };
  }, [awaitingCheckout, load]);

  return { view, activating: pending && !view?.active };
}

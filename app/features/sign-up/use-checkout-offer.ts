import { useEffect, useState } from "react";
import type { CheckoutOffer } from "../../../core/api";
import { fetchSubscription } from "../../api/billing";

/**
 * What a checkout would start for the signed-in user, as the server's subscription view says:
 * "loading" until known (or while nobody is signed in), "running" while a subscription or its trial
 * runs, "failed" when it could not be read. The payment step shows exactly this offer.
 */
export type OfferState = CheckoutOffer | "loading" | "running" | "failed";

export function useCheckoutOffer(userId: string | undefined): OfferState {
  const [state, setState] = useState<{ userId: string; offer: OfferState } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    fetchSubscription().then(
      (view) => !cancelled && setState({ userId, offer: view.checkoutOffer ?? "running" }),
      () => !cancelled && setState({ userId, offer: "failed" }),
    );
    return () => {
      cancelled = true;
    };
  }, [userId]);
  return state && state.userId === userId ? state.offer : "loading";
}

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the prerendered page and while it hydrates; true once its handlers are attached. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

import { type RefObject, useEffect } from "react";

/**
 * Puts the focus on a step's first field when the step is reached by moving through the form
 * (not on the first paint of the page, where the visitor starts at the top).
 */
export function useFocusFirst(root: RefObject<HTMLElement | null>, selector: string, enabled: boolean | undefined) {
  useEffect(() => {
    if (enabled) root.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [enabled, root, selector]);
}

import { useEffect, useState } from "react";

/**
 * A notice ("Your password has been changed.") that stays until the person's next action: typing
 * anywhere on the page, or pressing a button or link. Returns the notice and its setter.
 */
export function usePassingNotice() {
  const [notice, setNotice] = useState<string>();
  useEffect(() => {
    if (!notice) return;
    const clear = (event: Event) => {
      if (event.type === "click" && !(event.target as Element | null)?.closest("button, a, [role=button]")) return;
      setNotice(undefined);
    };
    // Listening starts after the action that set the notice has finished.
    const start = setTimeout(() => {
      document.addEventListener("input", clear, true);
      document.addEventListener("click", clear, true);
    });
    return () => {
      clearTimeout(start);
      document.removeEventListener("input", clear, true);
      document.removeEventListener("click", clear, true);
    };
  }, [notice]);
  return [notice, setNotice] as const;
}

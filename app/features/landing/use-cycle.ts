import { useEffect, useState } from "react";

/** The highlighted list item changes every 2 seconds. */
export const CYCLE_MS = 2000;

/** The index of the highlighted item, advancing every 2 s; still under prefers-reduced-motion. */
export function useCycle(count: number, interval = CYCLE_MS): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
    let timer: number | undefined;
    const start = () => {
      window.clearInterval(timer);
      timer = reduced.matches ? undefined : window.setInterval(() => setIndex((i) => (i + 1) % count), interval);
    };
    start();
    reduced.addEventListener("change", start);
    return () => {
      window.clearInterval(timer);
      reduced.removeEventListener("change", start);
    };
  }, [count, interval]);
  return index;
}

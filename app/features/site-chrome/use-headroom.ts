import { type RefObject, useEffect, useState } from "react";
import { type HeadroomState, nextHeadroomState } from "./headroom";

/** Tracks the header state from scroll readings, one per animation frame. */
export function useHeadroom(header: RefObject<HTMLElement | null>, frozen: boolean): HeadroomState {
  const [state, setState] = useState<HeadroomState>("unfixed");
  useEffect(() => {
    if (frozen) {
      setState((s) => (s === "unpinned" ? "pinned" : s));
      return;
    }
    let lastY = window.scrollY;
    let frame = 0;
    const read = () => {
      frame = 0;
      const y = window.scrollY;
      // React may run the updater later, after `lastY` moved on below: it gets this reading's values.
      const from = lastY;
      const height = header.current?.offsetHeight ?? 0;
      setState((s) => nextHeadroomState(s, from, y, height));
      // A reading within the threshold keeps its reference point, so slow scrolling still adds up.
      if (Math.abs(y - lastY) > 1 || y <= 0) lastY = y;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    read();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [header, frozen]);
  return state;
}

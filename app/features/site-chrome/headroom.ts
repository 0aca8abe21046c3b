/** Header states: at the very top, shown, or slid away. */
export type HeadroomState = "unfixed" | "pinned" | "unpinned";

/** Scroll tolerances in pixels: up 5, down 0; pinned from the top. */
export const HEADROOM = { upTolerance: 5, downTolerance: 0, pinStart: 0, directionThreshold: 1 } as const;

/**
 * The next header state after one scroll reading: hidden on scroll down, shown again after more
 * than 5 px up; readings that move 1 px or less never change direction.
 */
export function nextHeadroomState(state: HeadroomState, lastY: number, y: number, headerHeight: number): HeadroomState {
  if (y <= HEADROOM.pinStart) return "unfixed";
  const delta = y - lastY;
  if (Math.abs(delta) <= HEADROOM.directionThreshold) return state === "unfixed" ? "pinned" : state;
  if (delta > HEADROOM.downTolerance && y > headerHeight) return "unpinned";
  if (delta < -HEADROOM.upTolerance) return "pinned";
  return state === "unfixed" ? "pinned" : state;
}

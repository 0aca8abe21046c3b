function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Scrolls to an element of the page by id, smoothly unless `jump` (or under reduced motion);
 * returns false when it is not there (yet).
 */
export function scrollToId(id: string, jump = false): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  el.scrollIntoView({ behavior: jump || prefersReducedMotion() ? "instant" : "smooth", block: "start" });
  return true;
}

/** Scrolls to the top in `duration` ms with an ease-out curve; instantly under reduced motion. */
export function scrollToTop(duration = 300) {
  const start = window.scrollY;
  if (prefersReducedMotion() || start === 0) {
    window.scrollTo(0, 0);
    return;
  }
  const began = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - began) / duration);
    window.scrollTo(0, start * (1 - (1 - (1 - t) ** 3)));
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

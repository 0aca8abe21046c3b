/**
 * Checks of how a page lies at a width, run in the page (`locator.evaluate(textLines)`,
 * `page.evaluate(sidewaysScrollers)`): each is self-contained, as Playwright sends its source.
 */

/**
 * How an element's text lies: its lines, the parts between two break points (the text nodes of
 * an address or a name) that were split over two lines, which should be none, and whether it
 * runs out of its box or the window.
 */
export function textLines(el: Element) {
  const tops: number[] = [];
  const split: string[] = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(node);
    const own: number[] = [];
    for (const r of range.getClientRects()) if (r.width > 0 && !own.some((t) => Math.abs(t - r.top) < 4)) own.push(r.top);
    if (own.length > 1) split.push(node.textContent ?? "");
    for (const top of own) if (!tops.some((t) => Math.abs(t - top) < 4)) tops.push(top);
  }
  const box = el.getBoundingClientRect();
  return { lines: tops.length, split, overflows: el.scrollWidth > el.clientWidth || box.right > window.innerWidth };
}

/** The page and every element that scrolls sideways (more content than width, with a scroll bar or not). */
export function sidewaysScrollers(): string[] {
  const found: string[] = [];
  if (document.documentElement.scrollWidth > window.innerWidth) found.push("the page");
  for (const el of document.querySelectorAll<HTMLElement>("body *")) {
    const overflow = getComputedStyle(el).overflowX;
    if ((overflow === "auto" || overflow === "scroll") && el.scrollWidth > el.clientWidth + 1) {
      found.push(`${el.tagName.toLowerCase()} ${el.getAttribute("aria-labelledby") ?? el.className}`);
    }
  }
  return found;
}

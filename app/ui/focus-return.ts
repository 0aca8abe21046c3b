/** What holds a list or a feature, whose heading names where the focus is when its entry is gone. */
const CONTAINER = "section, article, [role='region'], main";

/**
 * Where the focus goes when the element that had it is gone (a list entry removed after its
 * dialog closed): the heading of the nearest section still on the page that held it, or that
 * section itself; never the page body. `ancestors` are the gone element's, nearest first, as they
 * were before it went. Null when none of them is on the page any more (the page changed).
 */
export function focusFallback(ancestors: readonly Element[]): HTMLElement | null {
  const kept = ancestors.find((a) => a.isConnected);
  const nearest = kept?.closest<HTMLElement>(CONTAINER);
  // A region without a heading of its own (a table named by its caption) gives way to the section around it.
  for (let container = nearest; container; container = container.parentElement?.closest<HTMLElement>(CONTAINER)) {
    const heading = container.querySelector<HTMLElement>("h1, h2, h3, h4");
    if (heading) return heading;
  }
  return nearest ?? null;
}

/** Focuses an element that may not take focus by itself (a heading). */
export function focusElement(target: HTMLElement) {
  if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.tabIndex = -1;
  target.focus();
}

/** The element's ancestors up to the body, nearest first. */
export function ancestorsOf(element: Element): Element[] {
  const chain: Element[] = [];
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) chain.push(node);
  return chain;
}

/**
 * Gives the focus back to `opener` after a dialog closed, and keeps watching it for a while: when
 * the opener goes away with the focus on it (its entry was removed once the dialog's step was
 * done), the focus moves to the heading of its section instead of falling to the page body.
 * Watching ends when the focus moves elsewhere, or after a minute.
 */
export function returnFocus(opener: Element | null, ancestors: readonly Element[]) {
  if (!(opener instanceof HTMLElement)) return;
  const lost = () => {
    const active = document.activeElement;
    return !active || active === document.body || !active.isConnected;
  };
  const rescue = () => {
    const target = focusFallback(ancestors);
    if (target) focusElement(target);
  };
  if (!opener.isConnected) {
    if (lost()) rescue();
    return;
  }
  if (!opener.contains(document.activeElement)) opener.focus();

  const observer = new MutationObserver(() => {
    if (opener.isConnected) return;
    stop();
    if (lost()) rescue();
  });
  const onFocus = (event: FocusEvent) => {
    if (event.target !== opener) stop();
  };
  const timer = window.setTimeout(() => stop(), 60_000);
  function stop() {
    observer.disconnect();
    document.removeEventListener("focusin", onFocus);
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener("focusin", onFocus);
}

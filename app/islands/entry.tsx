// The landing page's browser entry (decisions 157, 158, 160): one i18next instance over the page's
// embedded catalogs, and each island hydrated on its own with Preact, at the moment its entry in
// HYDRATE names; the document is marked interactive once every island answers input.
import i18next from "i18next";
import { hydrate } from "preact";
import type { ComponentType } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { RESOURCES_SCRIPT_ID } from "../i18n/i18n";
import { HYDRATE, ISLANDS, type IslandName } from "./registry";

const lang = document.documentElement.lang;
const resources = JSON.parse(document.getElementById(RESOURCES_SCRIPT_ID)?.textContent ?? "{}");
const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: lang,
  resources: { [lang]: resources },
  ns: Object.keys(resources),
  defaultNS: "common",
  interpolation: { escapeValue: false },
  initAsync: false,
});

// biome-ignore lint/suspicious/noExplicitAny: each island's own props, read from data-props
type AnyComponent = ComponentType<any>;
type Island = {
  element: HTMLElement;
  when: (typeof HYDRATE)[IslandName];
  code: Promise<AnyComponent>;
  Component?: AnyComponent;
  hydrated: boolean;
  /** Ends the listeners that hydrate a `near` island at its first touch. */
  armed: AbortController;
};

const islands: Island[] = [...document.querySelectorAll<HTMLElement>("[data-island]")].map((element) => {
  const name = element.dataset.island as IslandName;
  // Every island's code is fetched at once; only hydrating them is spread out.
  const island: Island = { element, when: HYDRATE[name], code: ISLANDS[name](), hydrated: false, armed: new AbortController() };
  void island.code.then((Component) => {
    island.Component = Component;
  });
  return island;
});

function hydrateIsland(island: Island) {
  if (island.hydrated || !island.Component) return;
  island.hydrated = true;
  island.armed.abort();
  const { Component } = island;
  const props = island.element.dataset.props ? JSON.parse(island.element.dataset.props) : {};
  hydrate(
    <I18nextProvider i18n={i18n}>
      <Component {...props} />
    </I18nextProvider>,
    island.element,
  );
}

/**
 * Islands whose code arrives together would otherwise hydrate in one long task and hold up the
 * page's first input (decision 158), so each waits for a task of its own.
 */
const nextTask = () => new Promise<void>((go) => setTimeout(go));
const idle = () =>
  new Promise<void>((go) => (window.requestIdleCallback ? window.requestIdleCallback(() => go(), { timeout: 1000 }) : setTimeout(go)));
let queue = Promise.resolve();
const inTurn = (island: Island) => {
  queue = queue
    .then(() => island.code)
    .then(nextTask)
    .then(() => hydrateIsland(island));
};

// A pointer or the focus entering a `near` island hydrates it at once, in the capturing phase of
// that very event: the listeners Preact attaches below are still reached by it, so the first
// press, click or key is answered (its code is fetched with the page, so it is there by then).
const near = islands.filter((island) => island.when === "near");
for (const island of near) {
  const now = () => {
    island.armed.abort();
    if (island.Component) hydrateIsland(island);
    else inTurn(island);
  };
  for (const type of ["pointerover", "pointerdown", "focusin"])
    island.element.addEventListener(type, now, { capture: true, signal: island.armed.signal });
}

for (const island of islands.filter((i) => i.when === "first")) {
  await island.code;
  await nextTask();
  hydrateIsland(island);
}

// The wrapper is `display: contents` and has no box of its own: its children are what shows.
const byChild = new Map<Element, Island>();
const approaching = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      const island = byChild.get(entry.target);
      if (!entry.isIntersecting || !island) continue;
      for (const child of island.element.children) {
        approaching.unobserve(child);
        byChild.delete(child);
      }
      inTurn(island);
    }
  },
  { rootMargin: "200% 0px" },
);
for (const island of near) {
  for (const child of island.element.children) {
    byChild.set(child, island);
    approaching.observe(child);
  }
}

for (const island of islands.filter((i) => i.when === "idle")) {
  await island.code;
  await idle();
  hydrateIsland(island);
}
await queue;
document.documentElement.dataset.interactive = "";

// The landing page's browser entry (decision 157): one i18next instance over the page's embedded
// catalogs, and each island hydrated on its own with Preact; the document is marked interactive
// once all are, as the React entry marks it.
import i18next from "i18next";
import { hydrate } from "preact";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { RESOURCES_SCRIPT_ID } from "../i18n/i18n";
import { ISLANDS, type IslandName } from "./registry";

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

/**
 * What a visitor may use as soon as the page shows (or what acts on the page's load): hydrated
 * first. The contact form is among them because a pricing card's "Talk to sales" fills it in.
 */
const FIRST: ReadonlySet<IslandName> = new Set(["skip-link", "consent", "header", "contact", "back-to-top", "anchor-scroll"]);

/**
 * One island per task (decision 158): islands whose code arrives together would otherwise hydrate
 * in one long task and hold up the page's first input. The first ones wait for the next task,
 * the others for the browser's next idle moment (at most a second).
 */
const nextTask = () => new Promise<void>((go) => setTimeout(go));
const idle = () =>
  new Promise<void>((go) => (window.requestIdleCallback ? window.requestIdleCallback(() => go(), { timeout: 1000 }) : setTimeout(go)));

const islands = [...document.querySelectorAll<HTMLElement>("[data-island]")].map((element) => {
  const name = element.dataset.island as IslandName;
  // Every island's code is fetched at once; only hydrating them is spread out.
  return { element, first: FIRST.has(name), component: ISLANDS[name]() };
});

for (const { element, first, component } of [...islands.filter((i) => i.first), ...islands.filter((i) => !i.first)]) {
  const Component = await component;
  await (first ? nextTask() : idle());
  const props = element.dataset.props ? JSON.parse(element.dataset.props) : {};
  hydrate(
    <I18nextProvider i18n={i18n}>
      <Component {...props} />
    </I18nextProvider>,
    element,
  );
}
document.documentElement.dataset.interactive = "";

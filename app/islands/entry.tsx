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

async function hydrateIsland(element: HTMLElement) {
  const Component = await ISLANDS[element.dataset.island as IslandName]();
  const props = element.dataset.props ? JSON.parse(element.dataset.props) : {};
  hydrate(
    <I18nextProvider i18n={i18n}>
      <Component {...props} />
    </I18nextProvider>,
    element,
  );
}

await Promise.all([...document.querySelectorAll<HTMLElement>("[data-island]")].map(hydrateIsland));
document.documentElement.dataset.interactive = "";

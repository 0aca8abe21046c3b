import type { PopupChrome } from "./chrome.js";
import type { Entitlements, PopupMessage, PopupState } from "./popup-state.js";

declare const chrome: PopupChrome;
/** The server's address, set at build time (scripts/build-extension.mjs, docs/decisions/092). */
declare const SERVER_URL: string;

/**
 * The popup draws what the service worker answers (src/popup-state.ts): it holds no token and
 * calls no server itself. Its words come from _locales in the browser's language.
 */
const t = (name: string, ...substitutions: string[]) => chrome.i18n.getMessage(name, substitutions);
const lang = chrome.i18n.getUILanguage().toLowerCase().startsWith("de") ? "de" : "en";
const main = document.querySelector("main") as HTMLElement;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function notice(text: string) {
  const node = el("p", {}, text);
  node.setAttribute("role", "alert");
  return node;
}

function button(label: string, onClick: () => void, secondary = false) {
  return el("button", { type: "button", className: secondary ? "secondary" : "", onclick: onClick }, label);
}

function planText(plan: Entitlements) {
  const name = t(`plan_${plan.plan}`);
  if (plan.status === "trialing" && plan.trialEndsAt) {
    return t("planTrial", name, new Date(plan.trialEndsAt).toLocaleDateString(lang, { dateStyle: "medium" }));
  }
  return name;
}

function view(state: PopupState): Node[] {
  if (state.view === "signedOut") {
    return [
      el("h1", {}, t("signedOutTitle")),
      el("p", { className: "muted" }, t("signedOutText")),
      ...(state.signInFailed ? [notice(t("signInFailed"))] : []),
      el(
        "div",
        { className: "actions" },
        button(t("signIn"), () => send({ type: "signIn" })),
      ),
    ];
  }
  if (state.view === "unreachable") {
    return [
      notice(t("unreachable")),
      el(
        "div",
        { className: "actions" },
        button(t("retry"), () => send({ type: "status" })),
      ),
    ];
  }
  const { me, entitlements } = state;
  const teams = entitlements.teams ?? [];
  return [
    el("h1", {}, me.name || me.email || ""),
    ...(me.email && me.name ? [el("p", { className: "muted" }, me.email)] : []),
    el("dl", {}, el("dt", {}, t("plan")), el("dd", {}, planText(entitlements))),
    el("h2", {}, t("teams")),
    teams.length === 0
      ? el("p", { className: "muted" }, t("noTeams"))
      : el(
          "ul",
          {},
          ...teams.map((team) =>
            el("li", {}, el("span", {}, team.name), " ", el("span", { className: "muted" }, team.role ? t(`role_${team.role}`) : "")),
          ),
        ),
    el(
      "div",
      { className: "actions" },
      // The new tab takes the focus, which closes the popup.
      button(t("openDashboard"), () => void chrome.tabs.create({ url: `${SERVER_URL}/${lang}/dashboard` })),
      button(t("signOut"), () => send({ type: "signOut" }), true),
    ),
  ];
}

function show(...nodes: (Node | string)[]) {
  main.replaceChildren(...nodes);
  main.setAttribute("aria-busy", "false");
}

async function send(message: PopupMessage) {
  main.setAttribute("aria-busy", "true");
  for (const b of main.querySelectorAll("button")) b.disabled = true;
  try {
    show(...view((await chrome.runtime.sendMessage(message)) as PopupState));
  } catch {
    show(...view({ view: "unreachable" }));
  }
}

document.documentElement.lang = lang;
show(el("p", { className: "muted" }, t("loading")));
void send({ type: "status" });

// The ALTCHA widget in its build for strict content security policies: no inline workers or
// styles; the SHA-256 worker is its own file of this site (worker-src 'self').
import "altcha/external";
import "altcha/altcha.css";
import ShaWorker from "altcha/workers/sha?worker";
import { CAPTCHA_HEADER } from "../../../core/bot-check";
import "./widget.css";

/** The widget's texts, from our catalogs (`common:botCheck`), so it speaks the page's language. */
export interface BotCheckStrings {
  label: string;
  loading: string;
  verifying: string;
  verified: string;
  error: string;
  expired: string;
  verificationRequired: string;
  waitAlert: string;
  reload: string;
  verify: string;
}

/** A mounted widget solving in the background. */
export interface BotCheckHandle {
  /** The request header a solution travels in. */
  header: string;
  /** The widget; a form that is shown again takes it into its new place. */
  element: HTMLElement;
  /** A solution for one request; the widget starts on the next one at once. Rejects when no challenge can be had. */
  solution(): Promise<string>;
  remove(): void;
}

interface AltchaWidget extends HTMLElement {
  reset(): void;
  verify(): Promise<unknown>;
}

type AltchaGlobal = {
  algorithms: Map<string, () => Worker>;
  i18n: { get(lang: string): Record<string, string> | undefined; set(lang: string, strings: Record<string, string>): void };
};

/** Where the server hands out challenges (server/routes/bot-protection.ts). */
const CHALLENGE_URL = "/api/bot-protection/challenge";

/**
 * Puts the widget into `container`; it fetches a challenge and solves it in a worker at once
 * (`auto="onload"`), so a person never has to act on it. It shows its state in words and keeps
 * its checkbox reachable by keyboard.
 */
export function mountBotCheck(container: HTMLElement, opts: { language: string; strings: BotCheckStrings }): BotCheckHandle {
  const altcha = (globalThis as unknown as { $altcha: AltchaGlobal }).$altcha;
  altcha.algorithms.set("SHA-256", () => new ShaWorker());
  altcha.i18n.set(opts.language, { ...altcha.i18n.get("en"), ...opts.strings });

  const widget = document.createElement("altcha-widget") as AltchaWidget;
  widget.setAttribute("challenge", CHALLENGE_URL);
  widget.setAttribute("auto", "onload");
  widget.setAttribute("language", opts.language);
  // No third-party link or logo, no interaction signature; a solution as soon as it is found.
  widget.setAttribute(
    "configuration",
    JSON.stringify({ hideFooter: true, hideLogo: true, humanInteractionSignature: false, minDuration: 0 }),
  );

  let state = "unverified";
  let payload: string | null = null;
  const waiting = new Set<() => void>();
  widget.addEventListener("statechange", (event) => {
    const detail = (event as CustomEvent<{ state: string; payload: string | null }>).detail;
    state = detail.state;
    payload = detail.payload;
    for (const wake of waiting) wake();
  });
  // A challenge lives ten minutes: an expired one is replaced without asking anybody.
  widget.addEventListener("expired", () => void widget.verify());
  container.replaceChildren(widget);

  const settled = () =>
    new Promise<void>((resolve) => {
      if (state === "verified" || state === "error") return resolve();
      const wake = () => {
        if (state !== "verified" && state !== "error") return;
        waiting.delete(wake);
        resolve();
      };
      waiting.add(wake);
    });

  return {
    header: CAPTCHA_HEADER,
    element: widget,
    async solution() {
      await settled();
      if (state === "error") {
        // One more try (the server may have been busy), then give up.
        void widget.verify();
        await settled();
      }
      if (state !== "verified" || !payload) throw new Error("captcha_unavailable");
      const used = payload;
      // Each solution is accepted once: the next request needs a new one.
      payload = null;
      state = "verifying";
      void widget.verify();
      return used;
    },
    remove() {
      widget.remove();
    },
  };
}

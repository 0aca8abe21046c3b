import { fetchSiteConfig } from "../../api/site-config";
import type { BotCheckHandle, BotCheckStrings } from "./widget";

export type { BotCheckHandle, BotCheckStrings };

let enabled: Promise<boolean> | undefined;

/** Whether this server asks for a proof of work (BOT_PROTECTION); asked once per page. */
function botProtectionOn(): Promise<boolean> {
  enabled ??= fetchSiteConfig()
    .then((config) => config.botProtection)
    // Unknown: mount the widget; a server with the check off ignores its solutions.
    .catch(() => true);
  return enabled;
}

/**
 * Loads and mounts the widget into `container` when the server asks for a proof of work; null when
 * it does not. The widget's code (and its worker) load only here, never with a page.
 */
export async function startBotCheck(container: HTMLElement, opts: { language: string; strings: BotCheckStrings }) {
  if (!(await botProtectionOn())) return null;
  const { mountBotCheck } = await import("./widget");
  return mountBotCheck(container, opts);
}

const started = new WeakMap<HTMLElement, Promise<BotCheckHandle | null>>();

/**
 * The contact form's proof of work, kept out of the landing page's code: started once per form
 * (when it is first touched); `headers` gives the header for one request, or none when no solution
 * could be had (the server's answer then says why).
 */
export function contactBotCheck(container: HTMLElement, language: string, strings: BotCheckStrings) {
  let handle = started.get(container);
  if (!handle) {
    handle = startBotCheck(container, { language, strings }).catch(() => null);
    started.set(container, handle);
  }
  return {
    async headers(): Promise<Record<string, string>> {
      const check = await handle;
      return check ? { [check.header]: await check.solution().catch(() => "") } : {};
    },
  };
}

/** The visitor's cookie choice (necessary, analytics, marketing, functional), stored in localStorage under `cookieConsent`. */
export interface CookieConsent {
  necessary: true;
  functional: boolean;
  analytics: boolean;
  marketing: boolean;
}

export const CONSENT_KEY = "cookieConsent";
export const OPTIONAL_CATEGORIES = ["functional", "analytics", "marketing"] as const;
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];

export const ALL_ACCEPTED: CookieConsent = { necessary: true, functional: true, analytics: true, marketing: true };
export const NONE_ACCEPTED: CookieConsent = { necessary: true, functional: false, analytics: false, marketing: false };

/** The stored choice, or null when there is none (or it is unreadable). */
export function readConsent(storage: Pick<Storage, "getItem"> = window.localStorage): CookieConsent | null {
  try {
    const value = JSON.parse(storage.getItem(CONSENT_KEY) ?? "null") as Partial<Record<keyof CookieConsent, unknown>> | null;
    if (!value || typeof value !== "object") return null;
    if (!OPTIONAL_CATEGORIES.every((c) => typeof value[c] === "boolean")) return null;
    return {
      necessary: true,
      functional: value.functional === true,
      analytics: value.analytics === true,
      marketing: value.marketing === true,
    };
  } catch {
    return null;
  }
}

export function writeConsent(consent: CookieConsent, storage: Pick<Storage, "setItem"> = window.localStorage) {
  storage.setItem(CONSENT_KEY, JSON.stringify({ ...consent, necessary: true }));
}

const OPEN_EVENT = "cookie-settings:open";

/** Opens the cookie settings panel from anywhere (the footer's button). */
export function openCookieSettings() {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

export function onOpenCookieSettings(listener: () => void): () => void {
  window.addEventListener(OPEN_EVENT, listener);
  return () => window.removeEventListener(OPEN_EVENT, listener);
}

import type { CookieConsent } from "./consent-store";

type ConsentValue = "granted" | "denied";
type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/** Google consent mode defaults (consent mode): everything denied, 500 ms wait for an update. */
export const CONSENT_DEFAULTS = {
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
  analytics_storage: "denied",
  wait_for_update: 500,
} as const;

/** Analytics consent grants analytics storage; only marketing consent grants the three ad kinds. */
export function consentModeUpdate(consent: CookieConsent): Record<string, ConsentValue> {
  const ads: ConsentValue = consent.marketing ? "granted" : "denied";
  return {
    analytics_storage: consent.analytics ? "granted" : "denied",
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
  };
}

/** IP anonymisation on, Google signals and ad personalisation off. */
export const ANALYTICS_CONFIG = { anonymize_ip: true, allow_google_signals: false, allow_ad_personalization_signals: false } as const;

export const GTAG_SCRIPT_ORIGIN = "https://www.googletagmanager.com";

/** The command queue gtag.js reads; the defaults go in first, before anything else. */
function gtag(): Gtag {
  if (!window.gtag) {
    window.dataLayer ??= [];
    window.gtag = function gtag() {
      // gtag.js expects the Arguments object itself, not an array.
      // biome-ignore lint/complexity/noArguments: see above
      window.dataLayer?.push(arguments);
    };
    window.gtag("consent", "default", CONSENT_DEFAULTS);
  }
  return window.gtag;
}

let measurementId: Promise<string | null> | undefined;

/**
 * The measurement id is a runtime setting of the server, asked for only once analytics is allowed;
 * the API client loads with it, so the page's first download does not carry it.
 */
function loadMeasurementId(): Promise<string | null> {
  measurementId ??= import("../../api/site-config")
    .then(({ fetchSiteConfig }) => fetchSiteConfig())
    .then((config) => config.gaMeasurementId)
    .catch(() => null);
  return measurementId;
}

let scriptAdded = false;

/** Applies a consent choice; the analytics script loads only after analytics consent, once. */
export async function applyAnalyticsConsent(consent: CookieConsent | null) {
  const send = gtag();
  if (!consent) return;
  send("consent", "update", consentModeUpdate(consent));
  if (!consent.analytics || scriptAdded) return;
  const id = await loadMeasurementId();
  if (!id || scriptAdded) return;
  scriptAdded = true;
  send("js", new Date());
  send("config", id, ANALYTICS_CONFIG);
  const script = document.createElement("script");
  script.async = true;
  script.src = `${GTAG_SCRIPT_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}

/** Sets the consent defaults before anything else can talk to analytics. */
export function initConsentMode() {
  gtag();
}

import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { applyAnalyticsConsent, initConsentMode } from "./analytics";
import { ALL_ACCEPTED, type CookieConsent, NONE_ACCEPTED, onOpenCookieSettings, readConsent, writeConsent } from "./consent-store";
import { CookieBanner } from "./cookie-banner";

// The settings panel waits for a click, so it is not part of the page's first download.
const CookieSettings = lazy(() => import("./cookie-settings"));

/**
 * Cookie banner, settings panel and analytics consent. The account area mounts it
 * without the banner, so its footer can reopen the settings without covering the dashboard.
 */
export function ConsentManager({ banner = true }: { banner?: boolean }) {
  // undefined until read in the browser: the prerendered page shows no banner.
  const [consent, setConsent] = useState<CookieConsent | null | undefined>(undefined);
  const [settingsOpen, setSettingsOpen] = useState(false);

  useEffect(() => {
    initConsentMode();
    const stored = readConsent();
    setConsent(stored);
    void applyAnalyticsConsent(stored);
    return onOpenCookieSettings(() => setSettingsOpen(true));
  }, []);

  const save = useCallback((choice: CookieConsent) => {
    writeConsent(choice);
    setConsent(choice);
    setSettingsOpen(false);
    void applyAnalyticsConsent(choice);
  }, []);
  const closeSettings = useCallback(() => setSettingsOpen(false), []);

  return (
    <>
      {banner && consent === null && !settingsOpen && (
        <CookieBanner
          onAcceptAll={() => save(ALL_ACCEPTED)}
          onRejectAll={() => save(NONE_ACCEPTED)}
          onSettings={() => setSettingsOpen(true)}
        />
      )}
      {settingsOpen && (
        <Suspense fallback={null}>
          <CookieSettings initial={consent ?? null} onSave={save} onClose={closeSettings} />
        </Suspense>
      )}
    </>
  );
}

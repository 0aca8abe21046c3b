import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { clientI18n, detectLanguage, ensureTranslations, rememberLanguage } from "./i18n/client";
import { BASE_NAMESPACES, RESOURCES_SCRIPT_ID } from "./i18n/i18n";

async function start() {
  const lang = detectLanguage();
  rememberLanguage(lang);
  const data = document.getElementById(RESOURCES_SCRIPT_ID)?.textContent;
  const i18n = clientI18n(lang, data ? JSON.parse(data) : undefined);
  // Pages without embedded translations (the SPA fallback) load the base catalogs first.
  if (!data) await ensureTranslations(lang, [...BASE_NAMESPACES]);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
      // Surfaces what React recovered from (hydration mismatches) so tests and monitoring see it.
      { onRecoverableError: (error) => console.error(error, (error as Error).cause) },
    );
  });
}

void start();

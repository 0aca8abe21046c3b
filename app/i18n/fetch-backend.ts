import type { BackendModule } from "i18next";

const SAFE_SEGMENT = /^[a-z]{2}$|^[\w-]{1,64}$/i;

/**
 * Loads catalogs with fetch. Answers follow i18next's retry contract: `callback(error, true)` asks
 * i18next to retry (a 5xx or no answer: 5 retries from 350 ms, doubling), `callback(error, false)`
 * does not (a 4xx, or a body that is not JSON).
 */
export function fetchBackend(loadPath: (lng: string, ns: string) => string): BackendModule {
  return {
    type: "backend",
    init() {},
    read(lng, ns, callback) {
      if (!SAFE_SEGMENT.test(lng) || !SAFE_SEGMENT.test(ns)) return callback(`refusing to load ${lng}/${ns}`, false);
      const url = loadPath(lng, ns);
      // Catalogs are static files with i18next's retry contract, not API calls: no API client here.
      fetch(url).then(
        async (res) => {
          if (res.status >= 500) return callback(`failed loading ${url}; status code: ${res.status}`, true);
          if (!res.ok) return callback(`failed loading ${url}; status code: ${res.status}`, false);
          const text = await res.text();
          let data: unknown;
          try {
            data = JSON.parse(text);
          } catch {
            return callback(`failed parsing ${url} to json`, false);
          }
          callback(null, data as never);
        },
        (error: Error) => callback(`failed loading ${url}: ${error.message}`, true),
      );
    },
  };
}

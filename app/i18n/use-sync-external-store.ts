// react-i18next imports useSyncExternalStore from the "use-sync-external-store/shim" package, a
// fallback for React 17 and older that returns React's own hook when there is one. React 19 has
// it, so the browser build maps the package to this module (vite.config.ts) and skips the fallback.
export { useSyncExternalStore } from "react";

// `node --import ./tests/support/module-loads.mjs …`: appends the URL of every OpenTelemetry module the
// process imports to the file named by MODULE_LOADS_FILE, so a test can tell whether any was loaded.
import { register } from "node:module";

register(
  `data:text/javascript,${encodeURIComponent(`
    import { appendFileSync } from "node:fs";
    export async function load(url, context, next) {
      if (url.includes("/node_modules/@opentelemetry/")) appendFileSync(process.env.MODULE_LOADS_FILE, url + "\\n");
      return next(url, context);
    }`)}`,
);

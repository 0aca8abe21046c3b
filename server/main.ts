import { existsSync } from "node:fs";
import { ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/database.js";

/**
 * Entry point of `npm start`: validate the environment, serve, and stop gracefully on signals.
 * The database starts opening first (copying a new one, starting the embedded PostgreSQL) while the
 * rest of the server's modules load, so the two costs of a start overlap (decision 135).
 */
try {
  // A .env file in the working folder fills in variables the environment does not set.
  if (existsSync(".env")) process.loadEnvFile(".env");
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  database.catch(() => {}); // awaited, and reported, by startServer
  const { startServer } = await import("./server.js");
  const running = await startServer(config, { database });
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      running.logger.info({ signal }, "shutting down");
      running.close().then(
        () => process.exit(0),
        (error) => {
          running.logger.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
} catch (error) {
  // One line that names the problem, for operators reading a crash loop.
  console.error(error instanceof ConfigError ? error.message : `Start-up failed: ${(error as Error).message}`);
  process.exit(1);
}

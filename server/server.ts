import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import pino, { type Logger } from "pino";
import { DATA_EXPORT, dataExportJob } from "./account/data-export.js";
import { forgetGoodbyeAddress, GOODBYE_TOPIC } from "./account/goodbye-mail.js";
import { createApp, pageOptions } from "./app.js";
import { createAuth } from "./auth/auth.js";
import { passwordChecker } from "./auth/password-policy.js";
import { botProtection } from "./bot-protection/bot-protection.js";
import { type CommandSocket, listenForCommands } from "./commands/command-socket.js";
import type { Config } from "./config.js";
import { CONTACT_REQUEST_TOPIC, markRequestsNotified } from "./contact/mark-notified.js";
import { domainOf } from "./contact/submit-contact.js";
import { type DatabaseHandle, type DB, openDatabase } from "./db/database.js";
import { startIdleVacuum } from "./db/idle-vacuum.js";
import { migrateToLatest } from "./db/migrate.js";
import { directFiles } from "./http/direct-files.js";
import { type DrainingServer, drainingServer } from "./http/drain.js";
import { fileRoutes } from "./http/pages.js";
import { loadSite } from "./http/site.js";
import { identifierRulesOf } from "./identifiers/last-identifier.js";
import { startJobRunner } from "./jobs/runner.js";
import { localJobSignal, postgresJobSignal } from "./jobs/signal.js";
import { type KeyValueStore, redisStore } from "./kv.js";
import { MAIL_DELIVERY, outboxDelivery } from "./mail/outbox-delivery.js";
import { createMailer } from "./mail/transport.js";
import { type Listener, NO_METRICS, routeOfRequest, startMetrics } from "./metrics/metrics.js";
import { seedAuthorizationServer } from "./oauth/seed.js";
import type { PhoneDeps } from "./phone/phone-numbers.js";
import { loadLocales } from "./routes/locales.js";
import { smsLimiter } from "./sms/sms-limits.js";
import { createSmsSender } from "./sms/sms-sender.js";
import { startTracing } from "./tracing/tracing.js";

export interface RunningServer {
  url: string;
  port: number;
  logger: Logger;
  /** The open database (for operator tooling and tests). */
  db: DB;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/**
 * The log goes out asynchronously: a synchronous write per request line made the request log the
 * largest single cost of serving a page. pino flushes what is buffered when the process exits.
 */
function defaultLogger(config: Config): Logger {
  return pino({ level: config.LOG_LEVEL }, pino.destination({ sync: false }));
}

export interface StartOptions {
  logger?: Logger;
  /** The database, when the caller started opening it already (`npm start` does, beside module loading). */
  database?: Promise<DatabaseHandle>;
}

export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  const logger = opts.logger ?? defaultLogger(config);
  // The site and the catalogs compress on the thread pool while the database opens.
  const staticFiles = Promise.all([loadSite(config.BASE_URL), loadLocales()]);
  staticFiles.catch(() => {});
  const database = await (opts.database ?? openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  const applied = await migrateToLatest(database.db);
  if (applied.length) logger.info({ migrations: applied }, "database migrated");
  await seedAuthorizationServer(database.db, config);
  const [files, locales] = await staticFiles;

  // Traces and metrics first, so the clients below report to them (decisions 014, 015).
  const tracing = await startTracing({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, logger });
  const metrics = await startMetrics({ port: config.METRICS_PORT, host: config.HOST, db: database.db, poolUse: database.poolUse, logger });
  const events = metrics ?? NO_METRICS;
  if (metrics) database.observeQueries(metrics.query);
  if (tracing) database.observeQueries(tracing.query);

  let kv: KeyValueStore | undefined;
  let closeKv = async () => {};
  let redisPing: (() => Promise<unknown>) | undefined;
  if (config.REDIS_URL) {
    const store = redisStore(config.REDIS_URL, { command: tracing?.redisCommand, failed: metrics?.redisError });
    if (!(await store.ready())) logger.warn("Redis is not reachable yet; sign-in and sessions answer 503 until it is");
    kv = store.kv;
    closeKv = store.close;
    redisPing = () => store.redis.ping();
  }
  /** Set when a graceful stop begins: readiness answers 503 from then on (decision 011). */
  let stopping = false;
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    db: database.db,
    logger,
    tracing,
  });
  const passwords = passwordChecker(config, logger);
  const sms = createSmsSender(config, database.db, logger);
  const smsLimits = smsLimiter({ enabled: config.RATE_LIMIT, kv, logger });
  const bots = botProtection(config, kv, logger, events);
  const auth = createAuth({ config, db: database.db, sendMail: mailer.sendMail, kv, logger, passwords, sms, smsLimits, bots, events });
  const phone: PhoneDeps = {
    db: database.db,
    sms,
    limiter: smsLimits,
    logger,
    updateUser: async (userId, data) => (await auth.$context).internalAdapter.updateUser(userId, data),
    identifierRules: identifierRulesOf(config),
  };
  // Other instances on the same PostgreSQL hear of stored jobs too; the embedded database has one process.
  const jobSignal = config.DATABASE_URL ? postgresJobSignal(config.DATABASE_URL, logger) : localJobSignal();
  const jobs = startJobRunner({
    db: database.db,
    logger,
    signal: jobSignal,
    kinds: [
      outboxDelivery({
        db: database.db,
        sendMail: mailer.sendMail,
        connections: mailer.connections,
        events,
        onDelivered: { [CONTACT_REQUEST_TOPIC]: markRequestsNotified, [GOODBYE_TOPIC]: forgetGoodbyeAddress },
      }),
      dataExportJob({
        db: database.db,
        baseUrl: config.BASE_URL,
        mailDomain: domainOf(config.MAIL_FROM),
        mailQueued: () => jobs.wake(MAIL_DELIVERY),
      }),
    ],
    releaseLeasesOnStart: database.kind === "pglite",
    events,
  });
  // Operator commands reach the embedded database through this process, the only one that may open it (decision 009).
  let commands: CommandSocket | undefined;
  if (database.kind === "pglite") {
    commands = await listenForCommands({
      dataDir: config.DATA_DIR,
      ctx: { db: database.db, config, mailQueued: () => jobs.wake(MAIL_DELIVERY), dumpDatabase: database.dump },
      logger,
    }).catch((error) => {
      logger.warn({ err: error }, "operator commands cannot reach this server: they refuse while it runs");
      return undefined;
    });
  }
  // PGlite has no autovacuum; PostgreSQL keeps its own tables (docs/decisions/007).
  const upkeep = database.kind === "pglite" ? startIdleVacuum({ db: database.db, logger }) : undefined;
  const app = createApp({
    config,
    db: database.db,
    auth,
    logger,
    files,
    locales,
    kv,
    outbox: jobs.waker(MAIL_DELIVERY),
    dataExports: jobs.waker(DATA_EXPORT),
    sendMail: mailer.sendMail,
    passwords,
    phone,
    bots,
    readiness: { redisPing, stopping: () => stopping },
    tracing,
  });

  /** Everything the server holds besides its listener, released after it or when it cannot listen. */
  const release = async () => {
    await commands?.close();
    await upkeep?.stop();
    await jobs.stop();
    await jobSignal.close();
    mailer.close();
    await metrics?.close();
    await tracing?.close();
    await closeKv();
    await database.close();
  };

  const { server, drain } = await new Promise<DrainingServer>((resolve, reject) => {
    // Pages and assets are answered before the app sees them; everything else goes on to it.
    const direct = directFiles(fileRoutes(pageOptions(config, files)), logger, tracing);
    const toApp = getRequestListener(app.fetch, { hostname: config.HOST });
    let listener: Listener = (req, res) => {
      if (direct(req, res)) return;
      upkeep?.touch();
      toApp(req, res);
    };
    // With metrics and traces off the listener is the plain one: nothing is added to a request's path.
    const routeOf = routeOfRequest(app);
    if (metrics) listener = metrics.instrument(listener, routeOf);
    if (tracing) listener = tracing.instrument(listener, routeOf);
    const s = drainingServer(listener);
    s.server.listen(config.PORT, config.HOST, () => resolve(s));
    s.server.once("error", reject);
  }).catch(async (error) => {
    // A port already taken leaves nothing open behind it, so a caller may start again on another.
    await release();
    throw error;
  });
  server.keepAliveTimeout = 65_000;
  server.requestTimeout = 30_000;
  const port = (server.address() as AddressInfo).port;
  logger.info(
    { port, database: database.kind, redis: Boolean(kv), smtp: Boolean(config.SMTP_URL) },
    `listening on http://localhost:${port}`,
  );

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      stopping = true;
      // Still serving while readiness says 503, so a balancer that polls it stops sending first.
      if (config.SHUTDOWN_DELAY) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY * 1000));
      // Requests under way finish; a balancer's idle connections are left for it to close (decision 017).
      await drain({ idleGraceMs: config.SHUTDOWN_IDLE_GRACE * 1000 });
      await release();
      logger.info("stopped");
    })();
    return closing;
  };
  return { url: `http://localhost:${port}`, port, logger, db: database.db, close };
}

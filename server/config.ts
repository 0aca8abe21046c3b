import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { SIGN_UP_MODES } from "../core/sign-up-mode.js";

/** Empty strings in the environment mean "not set", as in most .env files. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const url = (protocols: string[]) =>
  z.url().refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol.replace(":", "")), {
    message: `must be a ${protocols.join(" or ")} URL`,
  });

const flag = (fallback: boolean) =>
  z
    .preprocess(
      (v) => (v === "" || v === undefined ? undefined : String(v).toLowerCase()),
      z.enum(["true", "false", "1", "0", "on", "off"]).optional(),
    )
    .transform((v) => (v === undefined ? fallback : ["true", "1", "on"].includes(v)));

/** A switch whose default depends on other settings: undefined when not set. */
const optionalFlag = z
  .preprocess(
    (v) => (v === "" || v === undefined ? undefined : String(v).toLowerCase()),
    z.enum(["true", "false", "1", "0", "on", "off"]).optional(),
  )
  .transform((v) => (v === undefined ? undefined : ["true", "1", "on"].includes(v)));

export const DEFAULT_PORT = 3000;
export const DEFAULT_DATA_DIR = "./data";

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
    HOST: z.string().min(1).default("0.0.0.0"),
    BASE_URL: optional(url(["http", "https"])),
    DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
    DATABASE_URL: optional(url(["postgres", "postgresql"])),
    REDIS_URL: optional(url(["redis", "rediss"])),
    AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
    SMTP_URL: optional(url(["smtp", "smtps"])),
    MAIL_FROM: z.string().min(3).default("Recruiting CRM <no-reply@localhost>"),
    CONTACT_INBOX: z.email().default("contact@localhost"),
    STRIPE_SECRET_KEY: optional(z.string().startsWith("sk_", "must start with sk_")),
    STRIPE_WEBHOOK_SECRET: optional(z.string().startsWith("whsec_", "must start with whsec_")),
    STRIPE_PRICE_PRO: optional(z.string().min(1)),
    STRIPE_API_URL: optional(url(["http", "https"])),
    GOOGLE_CLIENT_ID: optional(z.string().min(1)),
    GOOGLE_CLIENT_SECRET: optional(z.string().min(1)),
    GOOGLE_DISCOVERY_URL: optional(url(["http", "https"])),
    GA_MEASUREMENT_ID: optional(z.string().regex(/^G-[A-Z0-9]+$/, "must look like G-XXXXXXX")),
    /** Name of a header set by a trusted reverse proxy with the client address, e.g. x-forwarded-for. */
    TRUSTED_IP_HEADER: optional(z.string().regex(/^[a-z0-9-]+$/i, "must be a header name")),
    RATE_LIMIT: flag(true),
    /** New passwords must also contain a lowercase and an uppercase letter, a digit and a special character. */
    PASSWORD_COMPLEXITY: flag(false),
    /** A breach service's k-anonymity range API, e.g. https://api.pwnedpasswords.com/range/ (the hash prefix is appended). */
    PASSWORD_BREACH_RANGE_URL: optional(url(["http", "https"])),
    /** Sign-up e-mail rules (docs/decisions/126): throwaway domains, plus addresses, the operator's lists. */
    EMAIL_REFUSE_DISPOSABLE: flag(true),
    EMAIL_REFUSE_PLUS: flag(false),
    EMAIL_BLOCKLIST: optional(z.string()),
    EMAIL_ALLOWLIST: optional(z.string()),
    /** Applies the e-mail rules to the contact form as well. */
    CONTACT_EMAIL_RULES: flag(false),
    /** Members a team may have (members plus open invitations), by the plan of the admin who pays for it (docs/decisions/067). */
    TEAM_MEMBER_QUOTA_PRO: z.coerce.number().int().min(1).max(100_000).default(25),
    TEAM_MEMBER_QUOTA_INDIVIDUAL: z.coerce.number().int().min(1).max(100_000).default(5),
    /** Who may sign up (docs/decisions/128): everyone, invited and allowlisted addresses, or those let in from the waitlist. */
    SIGNUP_MODE: z.enum(SIGN_UP_MODES).default("public"),
    /** Proof of work on sign-up, the contact form, password reset and repeated failed sign-ins (docs/decisions/129). */
    BOT_PROTECTION: flag(true),
    /** The largest secret counter of a challenge: the browser tries half of it on average (bench/README.md). */
    BOT_PROTECTION_DIFFICULTY: z.coerce.number().int().min(1_000).max(10_000_000).default(20_000),
    /** Forces maintenance mode; the operator can also switch it in the database (npm run maintenance). */
    MAINTENANCE: flag(false),
    /** Sign-in by a code e-mailed to a verified address, and by an e-mailed link (docs/decisions/072). */
    SIGN_IN_EMAIL_CODE: flag(true),
    SIGN_IN_EMAIL_LINK: flag(true),
    /** An HTTP SMS provider taking a Twilio-style form POST (To, From, Body) with basic auth; without it, text messages go to the development SMS outbox. */
    SMS_PROVIDER_URL: optional(url(["http", "https"])),
    SMS_PROVIDER_USERNAME: optional(z.string().min(1)),
    SMS_PROVIDER_PASSWORD: optional(z.string().min(1)),
    /** The sender of text messages: a phone number in international format or an alphanumeric sender id. */
    SMS_FROM: optional(
      z.string().regex(/^(\+\d{6,15}|[A-Za-z0-9 ]{1,11})$/, "must be a number like +4915123456789 or up to 11 letters and digits"),
    ),
    /** Signing in with a code sent to a phone; on by default, except in production without an SMS provider. */
    SIGN_IN_PHONE: optionalFlag,
    /** Prometheus metrics on a listener of their own (decision 014); off when unset. */
    METRICS_PORT: optional(z.coerce.number().int().min(0).max(65535)),
    /**
     * OpenTelemetry traces sent by OTLP over HTTP to this collector (`…/v1/traces`, decision 015); off
     * when unset. The SDK's other standard variables (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES,
     * OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER, …) apply as they are.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: optional(url(["http", "https"])),
    /** Seconds a stopping instance keeps serving with /readyz at 503 before it stops accepting (decision 011). */
    SHUTDOWN_DELAY: z.coerce.number().int().min(0).max(60).default(0),
    /**
     * Seconds a stopping instance leaves idle kept-alive connections for the balancer to close, counted
     * from their last answer, longer than the balancer keeps them idle (deploy/nginx.conf: 4 s), below
     * the 10 s a stop waits for requests (decision 018). Default 5 behind a proxy (TRUSTED_IP_HEADER
     * set), 0 otherwise.
     */
    SHUTDOWN_IDLE_GRACE: z.coerce.number().int().min(0).max(9).optional(),
    /** Chrome extension ids (32 letters a-p), comma-separated: each is a redirect address of the first-party client "extension" (docs/decisions/089). */
    EXTENSION_IDS: z
      .preprocess(
        (v) =>
          typeof v === "string"
            ? v
                .split(",")
                .map((id) => id.trim())
                .filter(Boolean)
            : v,
        z.array(z.string().regex(/^[a-p]{32}$/, "must be Chrome extension ids: 32 letters a-p, comma-separated")).optional(),
      )
      .transform((ids) => [...new Set(ids ?? [])]),
    /** Where every "install the extension" link of the site and the dashboard leads. */
    EXTENSION_STORE_URL: url(["https"]).default("https://chromewebstore.google.com/"),
    /** Requests per minute allowed to one API key or one app's access for one user on /api/v1 (docs/decisions/093). */
    API_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "is required when NODE_ENV=production" });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_PRICE_PRO) {
      ctx.addIssue({ code: "custom", path: ["STRIPE_PRICE_PRO"], message: "is required when STRIPE_SECRET_KEY is set" });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "is required when STRIPE_SECRET_KEY is set" });
    }
    if (env.SMS_PROVIDER_URL && !(env.SMS_PROVIDER_USERNAME && env.SMS_PROVIDER_PASSWORD && env.SMS_FROM)) {
      ctx.addIssue({
        code: "custom",
        path: ["SMS_PROVIDER_URL"],
        message: "needs SMS_PROVIDER_USERNAME, SMS_PROVIDER_PASSWORD and SMS_FROM as well",
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["GOOGLE_CLIENT_SECRET"],
        message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
      });
    }
  });

export type Config = Omit<z.output<typeof schema>, "BASE_URL" | "AUTH_SECRET" | "SIGN_IN_PHONE" | "SHUTDOWN_IDLE_GRACE"> & {
  BASE_URL: string;
  AUTH_SECRET: string;
  SIGN_IN_PHONE: boolean;
  SHUTDOWN_IDLE_GRACE: number;
};

export class ConfigError extends Error {}

/** The site's origin: BASE_URL without a trailing slash, or this machine at PORT. */
export function baseUrlOf(baseUrl: string | undefined, port: number): string {
  return (baseUrl ?? `http://localhost:${port}`).replace(/\/$/, "");
}

/** Validates the environment once; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".") || "environment"} ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join("; ")}`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    DATA_DIR: dataDir,
    BASE_URL: baseUrlOf(c.BASE_URL, c.PORT),
    AUTH_SECRET: c.AUTH_SECRET ?? developmentSecret(dataDir),
    // Without a provider, text messages only reach the development outbox: no use to real people in production.
    SIGN_IN_PHONE: c.SIGN_IN_PHONE ?? (c.NODE_ENV !== "production" || Boolean(c.SMS_PROVIDER_URL)),
    // Only a balancer holds kept-alive connections it may send on at any moment; other clients try again.
    SHUTDOWN_IDLE_GRACE: c.SHUTDOWN_IDLE_GRACE ?? (c.TRUSTED_IP_HEADER ? 5 : 0),
  };
}

/** Outside production a secret is generated once and kept in DATA_DIR so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    try {
      mkdirSync(dataDir, { recursive: true });
      const secret = randomBytes(32).toString("base64url");
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
      return secret;
    } catch (error) {
      throw new ConfigError(`DATA_DIR ${dataDir} is not writable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
}

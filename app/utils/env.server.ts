import fs from "node:fs";
import { z } from "zod";
import { BUSINESS_TIME_ZONE } from "~/lib/dates";
import { SITE } from "~/lib/site";

/**
 * The configuration contract of DECISIONS.md, validated once at start.
 * Development gets working defaults; production refuses to start without the secrets.
 */
const DEV_SESSION_SECRET = "dev-only-session-secret-change-me";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const boolFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_PATH: z.string().trim().min(1).default("./data/app.db"),
  SESSION_SECRET: optionalText,
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: optionalText,
  BOOKING_PASSWORD: optionalText,
  RESULTS_PASSWORD: optionalText,
  APP_TIMEZONE: z
    .string()
    .trim()
    .default(BUSINESS_TIME_ZONE)
    .refine(isValidTimeZone, `must be an IANA time zone such as ${BUSINESS_TIME_ZONE}`),
  EVENTBRITE_API_URL: z.url().default("https://www.eventbriteapi.com/v3"),
  EVENTBRITE_TOKEN: optionalText,
  EVENTBRITE_ORGANIZATION_ID: optionalText,
  /** Minutes between scheduled syncs inside the server; 0 turns the schedule off. */
  EVENTBRITE_SYNC_INTERVAL_MINUTES: z.coerce.number().min(0).max(1440).default(10),
  /** The secret part of the webhook's URL (/webhooks/eventbrite/{secret}); unset: no webhook. */
  EVENTBRITE_WEBHOOK_SECRET: optionalText.refine(
    (v) => v === undefined || /^[A-Za-z0-9_-]{24,200}$/.test(v),
    "must be at least 24 letters, digits, - or _ (e.g. `openssl rand -hex 24`)",
  ),
  /** Days after a show its ticket holders' records (hashes, check-ins) are deleted. */
  ATTENDEE_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  BOOKING_SHEET_URL: optionalUrl,
  SMTP_URL: optionalText,
  CONTACT_EMAIL: z.email().default("info@laughwindsor.ca"),
  /**
   * The promoter's postal address, printed in every promotional e-mail (CASL). Required in
   * production when SMTP_URL is set.
   */
  MAIL_POSTAL_ADDRESS: optionalText.pipe(z.string().max(300).optional()),
  /** Mail outbox tuning (tests shorten them): first retry delay and claim lease, in ms. */
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  OUTBOX_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /** Seed the club and winery flags on venue records (badges, /club-shows) while no record has them; staff own them after. */
  CLUB_VENUE: z.string().trim().min(1).default("Tipsy Toucan"),
  WINERY_VENUE: z.string().trim().min(1).default("Mastronardi"),
  /** Public origin used for canonical links, sitemaps and feeds. */
  PUBLIC_URL: optionalUrl,
  /** Trust the proxy's client-IP header (Fly-Client-IP / X-Forwarded-For) only when set. */
  TRUST_PROXY: boolFlag,
  /** Lets outbound fetches reach loopback/private addresses: for local fakes in tests only. */
  ALLOW_PRIVATE_FETCH: boolFlag,
  /** Tests: every outbound fetch must go to loopback (checked before any DNS look-up). */
  OUTBOUND_LOOPBACK_ONLY: boolFlag,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Issue 40: the speed machinery (app/fast: the kept /vote page, vote posts without Remix's
   * routing, the page cache). `off`: every request goes through Express and the Remix routes.
   */
  FAST_PATHS: z
    .enum(["on", "off"], { message: "must be on or off" })
    .default("on")
    .transform((v) => v === "on"),
  // Issue 38: off-site replication (Litestream) and poster masters in an S3-compatible bucket.
  // The names are the ones `fly storage create` (Tigris) sets as secrets.
  /** The bucket; unset: no replication (the entrypoint says so once). */
  BUCKET_NAME: optionalText,
  AWS_ENDPOINT_URL_S3: optionalUrl,
  AWS_REGION: z.string().trim().min(1).default("auto"),
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  /** Litestream's metrics address (loopback), read by the server's replication monitor. */
  LITESTREAM_ADDR: z.string().trim().min(1).default("127.0.0.1:9090"),
  /** The health detail, the log and the alert call the replica behind past this lag. */
  REPLICATION_LAG_ALERT_SECONDS: z.coerce.number().min(1).max(86_400).default(60),
  /** Bearer token for /metrics; unset: /metrics answers 404. */
  METRICS_TOKEN: optionalText,
  /** A second port answering only /metrics, without the token, for Fly's scraper (private network). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Error reports (Sentry); unset: nothing is sent anywhere. */
  SENTRY_DSN: optionalUrl,
  SENTRY_ENVIRONMENT: z.string().trim().min(1).default("production"),
  /** The release reported with errors; default: the build's version (the same for server and browser). */
  SENTRY_RELEASE: optionalText,
});

function isValidTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en-CA", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof envSchema> & {
  SESSION_SECRET: string;
  ADMIN_USERNAME: string;
  ADMIN_PASSWORD: string;
  BOOKING_PASSWORD: string;
  RESULTS_PASSWORD: string;
  /** Which values fell back to development defaults (printed at start). */
  defaulted: string[];
};

export const DEV_DEFAULTS = {
  SESSION_SECRET: DEV_SESSION_SECRET,
  ADMIN_USERNAME: "admin",
  ADMIN_PASSWORD: "laughs-admin",
  BOOKING_PASSWORD: "booking-demo",
  RESULTS_PASSWORD: "results-demo",
} as const;

export class EnvError extends Error {
  constructor(public problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parses a set of variables; throws EnvError listing every problem at once. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`));
  }
  const parsed = result.data;
  const production = parsed.NODE_ENV === "production";
  const problems: string[] = [];
  if (production && !parsed.SESSION_SECRET) {
    problems.push("SESSION_SECRET is required in production (a long random string)");
  }
  if (parsed.SESSION_SECRET && parsed.SESSION_SECRET.length < 16) {
    problems.push("SESSION_SECRET must be at least 16 characters");
  }
  if (production && parsed.SESSION_SECRET === DEV_SESSION_SECRET) {
    problems.push("SESSION_SECRET must not be the development default in production");
  }
  if (parsed.METRICS_TOKEN && parsed.METRICS_TOKEN.length < 24) {
    problems.push("METRICS_TOKEN must be at least 24 characters (openssl rand -hex 32)");
  }
  if (parsed.BUCKET_NAME && !(parsed.AWS_ACCESS_KEY_ID && parsed.AWS_SECRET_ACCESS_KEY)) {
    problems.push(
      "BUCKET_NAME needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (fly storage create sets all three)",
    );
  }
  for (const gate of ["BOOKING_PASSWORD", "RESULTS_PASSWORD"] as const) {
    if (production && !parsed[gate]) problems.push(`${gate} is required in production`);
  }
  if (production && parsed.SMTP_URL && !parsed.MAIL_POSTAL_ADDRESS) {
    problems.push(
      "MAIL_POSTAL_ADDRESS is required in production when SMTP_URL is set (Canada's anti-spam law: every promotional e-mail gives the sender's postal address)",
    );
  }
  if (problems.length) throw new EnvError(problems);

  const defaulted: string[] = [];
  const pick = <K extends keyof typeof DEV_DEFAULTS>(key: K): string => {
    const value = parsed[key];
    if (value) return value;
    // Production never falls back to a published password: without ADMIN_PASSWORD no
    // first account is created (use `npm run staff -- add NAME`).
    if (production) return "";
    defaulted.push(key);
    return DEV_DEFAULTS[key];
  };
  return {
    ...parsed,
    SESSION_SECRET: pick("SESSION_SECRET"),
    ADMIN_USERNAME: pick("ADMIN_USERNAME"),
    ADMIN_PASSWORD: pick("ADMIN_PASSWORD"),
    BOOKING_PASSWORD: pick("BOOKING_PASSWORD"),
    RESULTS_PASSWORD: pick("RESULTS_PASSWORD"),
    defaulted,
  };
}

/** Printed instead of a postal address until MAIL_POSTAL_ADDRESS is set (development only). */
export const POSTAL_ADDRESS_UNSET = "(postal address not configured: set MAIL_POSTAL_ADDRESS)";

/** Who promotional e-mail comes from (app/lib/promotional-mail.ts). */
export function mailSender(env: Env = getEnv()) {
  return {
    name: SITE.name,
    postalAddress: env.MAIL_POSTAL_ADDRESS ?? POSTAL_ADDRESS_UNSET,
    email: env.CONTACT_EMAIL,
  };
}

let cached: Env | undefined;

/** The process configuration, parsed on first use. */
export function getEnv(): Env {
  if (!cached && !process.env.VITEST && fs.existsSync(".env")) {
    // Local overrides; variables already set in the environment win.
    process.loadEnvFile(".env");
  }
  cached ??= parseEnv(process.env);
  return cached;
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined;
}

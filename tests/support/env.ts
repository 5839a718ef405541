/**
 * The settings the production build is started with under test. Two profiles:
 * E2E_ENV for the browser tests (private fetches allowed so the fakes on loopback answer),
 * LOAD_ENV for the load, crash and attack scripts (production's fetch rules, production's
 * heap limits). Every script and spec reads passwords and the staff account from here.
 */

/** The configuration the browser tests run the production server with. */
export const E2E_ENV = {
  NODE_ENV: "production",
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
  ADMIN_USERNAME: "admin",
  ADMIN_PASSWORD: "e2e-admin-password",
  BOOKING_PASSWORD: "e2e-booking",
  RESULTS_PASSWORD: "e2e-results",
  ALLOW_PRIVATE_FETCH: "true",
  // Nothing leaves the machine: fixtures name real image hosts (img.evbuc.com), never fetched.
  OUTBOUND_LOOPBACK_ONLY: "true",
  // The scheduled sync stays off in browser tests (the specs run the sync themselves).
  EVENTBRITE_SYNC_INTERVAL_MINUTES: "0",
  // Required in production with SMTP_URL (every promotional e-mail prints it: issue 39).
  MAIL_POSTAL_ADDRESS: "123 Test Street, Windsor ON N9A 1A1",
  LOG_LEVEL: "warn",
} as const;

/** The configuration the load, crash and attack scripts run the production server with. */
export const LOAD_ENV = {
  NODE_ENV: "production",
  SESSION_SECRET: "load-test-session-secret-0123456789",
  ADMIN_USERNAME: "admin",
  ADMIN_PASSWORD: "load-test-admin-password",
  BOOKING_PASSWORD: "load-booking",
  RESULTS_PASSWORD: "load-results",
  LOG_LEVEL: "warn",
  MAIL_POSTAL_ADDRESS: "123 Test Street, Windsor ON N9A 1A1",
  TRUST_PROXY: "false",
  // The Dockerfile's allocator settings (test:container checks they match).
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "65536",
} as const;

/** The staff account a profile's server is started with. */
export const staffOf = (env: { ADMIN_USERNAME: string; ADMIN_PASSWORD: string }) => ({
  username: env.ADMIN_USERNAME,
  password: env.ADMIN_PASSWORD,
});

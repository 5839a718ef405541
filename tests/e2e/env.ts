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
  LOG_LEVEL: "warn",
} as const;

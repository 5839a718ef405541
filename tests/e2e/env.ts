/** The configuration the browser tests run the production server with. */
export const E2E_ENV = {
  NODE_ENV: "production",
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
  ADMIN_USERNAME: "admin",
  ADMIN_PASSWORD: "e2e-admin-password",
  BOOKING_PASSWORD: "e2e-booking",
  RESULTS_PASSWORD: "e2e-results",
  ALLOW_PRIVATE_FETCH: "true",
  LOG_LEVEL: "warn",
} as const;

/** Ticketing-platform settings for the server under test; its API URL is the fake started in global setup. */
export const E2E_EVENTBRITE = {
  EVENTBRITE_TOKEN: "e2e-eventbrite-token",
  EVENTBRITE_ORGANIZATION_ID: "e2e-org-1",
} as const;

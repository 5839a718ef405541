import { startSeededServer } from "../support/server";

/**
 * The production server on its own seeded database with a mail set-up of the test's
 * choosing (SMTP_URL, short outbox retry and lease times), which the test can kill -9 and
 * start again on the same database (issue 18's delivery tests).
 */
export function startMailServer(env: Record<string, string>) {
  return startSeededServer({ OUTBOX_RETRY_BASE_MS: "300", OUTBOX_LEASE_MS: "1500", ...env }, "mail");
}

/** Waits until `check` holds (polling), or fails with `what`. */
export async function eventually(check: () => boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for: ${what}`);
}

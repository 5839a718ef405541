import { ensureFirstStaff } from "~/models/staff.server";
import { db, runMigrations } from "./db.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";
import { purgeExpiredSessions } from "./session.server";

/**
 * Everything the server does once before it listens: migrate the database, create the
 * first staff account when there is none, drop expired sessions.
 */
export async function prepareApp() {
  const env = getEnv();
  runMigrations(db());
  const created = await ensureFirstStaff(env.ADMIN_USERNAME, env.ADMIN_PASSWORD);
  if (created) logger().info({ username: created.username }, "created the first staff account");
  purgeExpiredSessions();
  return env;
}

/** The start-up banner: where the site is and which development defaults are in force. */
export function startupBanner(port: number) {
  const env = getEnv();
  const lines = [`Laugh Windsor is up on http://localhost:${port}`];
  if (env.defaulted.length) {
    lines.push("Development defaults in use (set these variables to change them):");
    for (const key of env.defaulted) {
      lines.push(`  ${key}=${key === "SESSION_SECRET" ? "(fixed development value)" : env[key as "ADMIN_PASSWORD"]}`);
    }
  }
  return lines.join("\n");
}

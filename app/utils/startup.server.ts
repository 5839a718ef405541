import fs from "node:fs";
import path from "node:path";
import { ensureFirstStaff } from "~/models/staff.server";
import { seedVenueFlags } from "~/models/venues.server";
import { db, runMigrations } from "./db.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";
import { purgeExpiredSessions } from "./session.server";

/**
 * Everything the server does once before it listens: migrate the database, create the
 * first staff account when there is none, drop expired sessions, seed the venue badge flags.
 */
export async function prepareApp() {
  const env = getEnv();
  // On a LiteFS read replica (deploy/litefs.yml) the file is read-only: the primary migrates.
  if (isLiteFsReplica(env.DATABASE_PATH)) {
    logger().info({ databasePath: env.DATABASE_PATH }, "LiteFS replica: start-up writes left to the primary");
    return env;
  }
  runMigrations(db());
  const created = await ensureFirstStaff(env.ADMIN_USERNAME, env.ADMIN_PASSWORD);
  if (created) logger().info({ username: created.username }, "created the first staff account");
  purgeExpiredSessions();
  // CLUB_VENUE / WINERY_VENUE only seed the badge flags while no venue record has them.
  const flagged = seedVenueFlags(db(), { clubVenue: env.CLUB_VENUE, wineryVenue: env.WINERY_VENUE });
  if (flagged.club.length || flagged.winery.length)
    logger().info(flagged, "seeded the venue badge flags from the configuration");
  return env;
}

/** The start-up banner: where the site is and which development defaults are in force. */
export function startupBanner(port: number) {
  const env = getEnv();
  const lines = [`Laugh Windsor is up on http://localhost:${port}`];
  if (env.defaulted.length) {
    lines.push("Development defaults in use (set these variables to change them):");
    for (const key of env.defaulted) {
      lines.push(
        `  ${key}=${key === "SESSION_SECRET" ? "(fixed development value)" : env[key as "ADMIN_PASSWORD"]}`,
      );
    }
  }
  if (env.SMTP_URL && !env.PUBLIC_URL) {
    lines.push(
      `PUBLIC_URL is not set: waitlist e-mails queued by the scheduled sync link to http://localhost:${env.PORT}.`,
    );
  }
  return lines.join("\n");
}

/**
 * LiteFS puts a `.primary` file (the primary's hostname) in its mount directory on replicas
 * only; the primary, and every plain single-machine deployment, has none.
 */
export function isLiteFsReplica(databasePath: string): boolean {
  if (databasePath === ":memory:") return false;
  return fs.existsSync(path.join(path.dirname(path.resolve(databasePath)), ".primary"));
}

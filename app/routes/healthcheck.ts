import { sql } from "drizzle-orm";
import { db } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";

/** Liveness for Fly: the process answers and the database can be read. */
export async function loader() {
  try {
    db().get(sql`select 1`);
    return new Response("OK", { headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" } });
  } catch (error) {
    logger().error({ err: error }, "healthcheck failed");
    return new Response("ERROR", { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}

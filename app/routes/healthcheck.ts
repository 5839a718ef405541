import { healthDetail } from "~/services/replication.server";
import { databaseAnswers } from "~/utils/healthcheck.server";
import { logger } from "~/utils/logger.server";

/**
 * Liveness for Fly: the process answers and the database can be read. The server answers
 * /healthcheck itself before Remix (issue 20, server/front.ts); this route is the same check.
 */
export async function loader() {
  try {
    databaseAnswers();
    return new Response(`OK${healthDetail()}`, {
      headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" },
    });
  } catch (error) {
    logger().error({ err: error }, "healthcheck failed");
    return new Response("ERROR", { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}

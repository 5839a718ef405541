import { eq } from "drizzle-orm";
import { redirects } from "~/db/schema";
import { db, type DB } from "~/utils/db.server";

/** The target of a `/{name}` short link, or null. */
export function findRedirect(name: string, database: Pick<DB, "select"> = db()): string | null {
  const row = database
    .select({ targetUrl: redirects.targetUrl })
    .from(redirects)
    .where(eq(redirects.name, name.toLowerCase()))
    .get();
  return row?.targetUrl ?? null;
}

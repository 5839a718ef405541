import { and, eq, isNull, sql } from "drizzle-orm";
import { events, venues } from "~/db/schema";
import { freeVenueSlug } from "~/models/venues.server";
import type { DB } from "~/utils/db.server";
import { SPEC_VENUES } from "./venue-data";

type Tx = Pick<DB, "select" | "insert" | "update">;

/** Demo data: the spec's venues (`npm run db:seed` and the tests' databases). */

/** The spec's venue records (scripts/seeds/venue-data.ts), for an empty demo database. */
export function insertSpecVenues(tx: Tx) {
  for (const { legacyMatch: _legacy, addressSources: _sources, ...v } of SPEC_VENUES) {
    tx.insert(venues).values(v).onConflictDoNothing().run();
    // Migration 0006 may have made the record already (without issue 42's house rules).
    if (v.houseRules)
      tx.update(venues)
        .set({ houseRules: v.houseRules })
        .where(and(eq(venues.slug, v.slug), isNull(venues.houseRules)))
        .run();
  }
}

/**
 * Shows without a venue record get one, once (the demo seed): the record of the same name,
 * else the spec venue whose old match text the venue text contains, else a new record with
 * no address. "TBA", "Online" and empty texts get none.
 */
export function linkShowsToVenues(tx: Tx) {
  const unlinked = tx
    .select({ id: events.id, venue: events.venue })
    .from(events)
    .where(isNull(events.venueId))
    .all();
  for (const show of unlinked) {
    const text = show.venue.trim();
    if (!text || /^(tba|online)$/i.test(text)) continue;
    const lower = text.toLowerCase();
    let id = tx
      .select({ id: venues.id })
      .from(venues)
      .where(sql`lower(${venues.name}) = ${lower}`)
      .get()?.id;
    if (!id) {
      const spec = SPEC_VENUES.find((v) => v.legacyMatch && lower.includes(v.legacyMatch));
      if (spec) id = tx.select({ id: venues.id }).from(venues).where(eq(venues.slug, spec.slug)).get()?.id;
    }
    if (!id) {
      id = tx
        .insert(venues)
        .values({ name: text, slug: freeVenueSlug(text, tx) })
        .returning({ id: venues.id })
        .get().id;
    }
    tx.update(events).set({ venueId: id }).where(eq(events.id, show.id)).run();
  }
}

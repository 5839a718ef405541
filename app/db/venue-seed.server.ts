import { eq, isNull, sql } from "drizzle-orm";
import { venueContains } from "~/lib/venue-match";
import { freeVenueSlug } from "~/models/venues.server";
import type { DB } from "~/utils/db.server";
import { events, venues } from "./schema";
import { SPEC_VENUES } from "./venue-data";

type Tx = Pick<DB, "select" | "insert" | "update">;

/** The spec's venue records (app/db/venue-data.ts), for an empty demo database. */
export function insertSpecVenues(tx: Tx) {
  for (const { legacyMatch: _legacy, ...v } of SPEC_VENUES) {
    tx.insert(venues).values(v).onConflictDoNothing().run();
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

/**
 * The configuration seeds the badge flags (DECISIONS.md: CLUB_VENUE, WINERY_VENUE): while no
 * venue record carries a flag, the records whose name contains the configured text get it.
 * Once any record has the flag, staff own it on /admin/venues and the configuration is not
 * read again for that flag. Returns the names flagged now.
 */
export function seedVenueFlags(tx: Tx, config: { clubVenue: string; wineryVenue: string }) {
  const flagged: { club: string[]; winery: string[] } = { club: [], winery: [] };
  const plan = [
    { column: venues.isClub, key: "isClub", text: config.clubVenue, out: flagged.club },
    { column: venues.isWinery, key: "isWinery", text: config.wineryVenue, out: flagged.winery },
  ] as const;
  for (const p of plan) {
    if (!p.text.trim()) continue;
    if (tx.select({ id: venues.id }).from(venues).where(eq(p.column, true)).get()) continue;
    // The one "at this venue" rule (app/lib/venue-match.ts), over the few venue records.
    const matches = tx
      .select({ id: venues.id, name: venues.name })
      .from(venues)
      .where(eq(p.column, false))
      .all()
      .filter((v) => venueContains(v.name, p.text));
    for (const m of matches) {
      tx.update(venues)
        .set({ [p.key]: true })
        .where(eq(venues.id, m.id))
        .run();
      p.out.push(m.name);
    }
  }
  return flagged;
}

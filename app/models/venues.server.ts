import { and, eq, isNull, sql } from "drizzle-orm";
import { venues, type Venue } from "~/db/schema";
import type { SyncedVenue } from "~/lib/eventbrite";
import type { VenueFormValues } from "~/lib/forms/venue";
import { uniqueSlug } from "~/lib/slug";
import { venueContains } from "~/lib/venue-match";
import { RESERVED_SLUGS, venueSlug } from "~/lib/venue-records";
import { recordAudit } from "~/models/audit.server";
import { findRedirect } from "~/models/redirects.server";
import type { StaffIdentity } from "~/models/staff.server";
import { db, IMMEDIATE, type DB } from "~/utils/db.server";

type Tx = Pick<DB, "select" | "insert" | "update">;

/** A slug no other venue has and no route owns: "the-room", then "the-room-2", ... */
export function freeVenueSlug(name: string, tx: Tx): string {
  return uniqueSlug(
    venueSlug(name),
    (slug) =>
      RESERVED_SLUGS.has(slug) ||
      Boolean(tx.select({ id: venues.id }).from(venues).where(eq(venues.slug, slug)).get()) ||
      // A `/{name}` short link: the venue page would be answered first and hide it ($name.tsx).
      findRedirect(slug, tx) !== null,
  );
}

const ADDRESS_FIELDS = [
  "name",
  "address1",
  "address2",
  "city",
  "region",
  "postalCode",
  "country",
  "latitude",
  "longitude",
] as const;

/**
 * The venue record of a platform venue: created when new, its name and address refreshed
 * from the platform when they change (a value the platform no longer gives is kept, staff's
 * notes are never touched). Returns the id and whether it was created.
 */
export function upsertPlatformVenue(
  v: SyncedVenue,
  tx: Tx = db(),
): { id: number; created: boolean; updated: boolean } {
  const existing = tx.select().from(venues).where(eq(venues.externalId, v.externalId)).get();
  if (!existing) {
    // A staff-made record of the same name (no platform id yet) is adopted, not duplicated.
    const sameName = tx
      .select()
      .from(venues)
      .all()
      .find((r) => r.externalId === null && r.name.trim().toLowerCase() === v.name.trim().toLowerCase());
    if (sameName) {
      tx.update(venues)
        .set({ ...fill(sameName, v), externalId: v.externalId, updatedAt: new Date() })
        .where(eq(venues.id, sameName.id))
        .run();
      return { id: sameName.id, created: false, updated: true };
    }
    const row = tx
      .insert(venues)
      .values({ ...v, slug: freeVenueSlug(v.name, tx) })
      .returning({ id: venues.id })
      .get();
    return { id: row.id, created: true, updated: false };
  }
  const changes = fill(existing, v);
  if (Object.keys(changes).length === 0) return { id: existing.id, created: false, updated: false };
  tx.update(venues)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(venues.id, existing.id))
    .run();
  return { id: existing.id, created: false, updated: true };
}

function fill(existing: Venue, v: SyncedVenue): Partial<Venue> {
  const changes: Record<string, unknown> = {};
  for (const f of ADDRESS_FIELDS) {
    const value = v[f];
    if (value !== null && value !== undefined && existing[f] !== value) changes[f] = value;
  }
  return changes as Partial<Venue>;
}

export function getVenue(id: number, database: DB = db()): Venue | null {
  return database.select().from(venues).where(eq(venues.id, id)).get() ?? null;
}

export function listVenues(database: DB = db()): Venue[] {
  return database.select().from(venues).orderBy(venues.name).all();
}

/**
 * The venue record of a typed venue name (the staff form): the record of that name
 * (case-insensitive), created without an address when there is none. Null for "TBA",
 * "Online" or nothing.
 */
export function pickOrCreateVenue(name: string, tx: Tx = db()): number | null {
  const clean = name.trim();
  if (!clean || /^(tba|online)$/i.test(clean)) return null;
  const found = tx
    .select({ id: venues.id })
    .from(venues)
    .where(sql`lower(${venues.name}) = ${clean.toLowerCase()}`)
    .orderBy(venues.id)
    .get();
  if (found) return found.id;
  return tx
    .insert(venues)
    .values({ name: clean, slug: freeVenueSlug(clean, tx) })
    .returning({ id: venues.id })
    .get().id;
}

/** The event form's venue record is gone (deleted while the form was open): nothing is stored. */
export class VenueGoneError extends Error {
  constructor() {
    super("That venue no longer exists. Choose another, or “New venue…”.");
  }
}

/**
 * The venue of a show from the event form (issue 42), inside the show's transaction: the record
 * picked (its name becomes the show's venue text), or the record of a new venue's name (found in
 * any case, or created with its town), or no record for "TBA" and "Online". Throws
 * `VenueGoneError` when the picked record no longer exists.
 */
export function placeOfShow(
  values: { venue: string; venueId?: number | null; venueCity?: string | null },
  tx: Tx = db(),
): { venueId: number | null; venue: string } {
  if (values.venueId) {
    const record = tx
      .select({ id: venues.id, name: venues.name })
      .from(venues)
      .where(eq(venues.id, values.venueId))
      .get();
    if (!record) throw new VenueGoneError();
    return { venueId: record.id, venue: record.name };
  }
  const venueId = pickOrCreateVenue(values.venue, tx);
  if (venueId === null) return { venueId, venue: values.venue.trim() || "TBA" };
  if (values.venueCity)
    // A town for a record that had none (a new one, or one found by its name); a known town stays.
    tx.update(venues)
      .set({ city: values.venueCity })
      .where(and(eq(venues.id, venueId), isNull(venues.city)))
      .run();
  return placeOfShow({ venue: "", venueId }, tx);
}

/** The event form's venue choices: every record by name, with its town. */
export function venueChoices(database: DB = db()) {
  return database
    .select({ id: venues.id, name: venues.name, city: venues.city })
    .from(venues)
    .orderBy(sql`lower(${venues.name})`)
    .all();
}

/** Staff save a venue's record (the platform id and slug stay). Null when there is no such venue. */
export function updateVenue(
  id: number,
  values: VenueFormValues,
  staff: StaffIdentity,
  database: DB = db(),
): Venue | null {
  return database.transaction((tx) => {
    const before = tx.select().from(venues).where(eq(venues.id, id)).get();
    if (!before) return null;
    tx.update(venues)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(venues.id, id))
      .run();
    const after = tx.select().from(venues).where(eq(venues.id, id)).get()!;
    recordAudit({ staff, action: "venue.update", entityType: "venue", entityId: id, before, after }, tx);
    return after;
  }, IMMEDIATE);
}

export function getVenueBySlug(slug: string, database: DB = db()): Venue | null {
  return database.select().from(venues).where(eq(venues.slug, slug)).get() ?? null;
}

/** The venue records flagged as the club (/club-shows names them and their address). */
export function listClubVenues(database: DB = db()): Venue[] {
  return database.select().from(venues).where(eq(venues.isClub, true)).orderBy(venues.name).all();
}

/** The venue cards on /about: records with an /about position, in that order. */
export function listAboutVenues(database: DB = db()): Venue[] {
  return database
    .select()
    .from(venues)
    .where(sql`${venues.aboutOrder} IS NOT NULL`)
    .orderBy(venues.aboutOrder, venues.name)
    .all();
}

/** Every venue page path (/{slug}) for the sitemap. */
export function venuePagePaths(database: DB = db()): string[] {
  return database
    .select({ slug: venues.slug })
    .from(venues)
    .orderBy(venues.slug)
    .all()
    .map((v) => `/${v.slug}`);
}

/**
 * The configuration seeds the badge flags (DECISIONS.md: CLUB_VENUE, WINERY_VENUE): while no
 * venue record carries a flag, the records whose name contains the configured text get it.
 * Once any record has the flag, staff own it on /admin/venues and the configuration is not
 * read again for that flag. Returns the names flagged now.
 */
export function seedVenueFlags(
  tx: Pick<DB, "select" | "insert" | "update">,
  config: { clubVenue: string; wineryVenue: string },
) {
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

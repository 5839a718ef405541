/**
 * The show factory: `makeShow` builds a show as pages see it (for rule and component tests),
 * `insertShow` stores one in a database (unit tests' in-memory one, the browser tests' shared
 * one, or a server of a test's own), `eventFormValues` is the staff form's parsed values.
 * Every test states what it is about in its overrides; the defaults are a plain one-off show.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { eventDates, events } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import type { EventFormValues } from "~/lib/event-form";
import type { Show } from "~/lib/shows";
import type { DB } from "~/utils/db.server";
import { makeVenue } from "./venues";

let nextId = 1;

/** A plain one-off show for rule tests (a new id each time); override what the test is about. */
export function makeShow(overrides: Partial<Show> = {}): Show {
  return {
    id: nextId++,
    externalId: null,
    title: "A Comedy Show",
    description: "Jokes.",
    summary: null,
    details: null,
    date: "2026-06-10",
    time: "19:30",
    endTime: null,
    venue: "Tipsy Toucan",
    imageUrl: null,
    ticketUrl: "https://www.eventbrite.ca/e/a-comedy-show-tickets-123",
    price: "$25",
    soldOut: false,
    archivedAt: null,
    isEventbrite: false,
    entryFormUrl: null,
    collection: null,
    acceptsApplications: false,
    applicationsCloseAt: null,
    contestantsNotifiedOn: null,
    applicationMinimumAge: 19,
    dates: [],
    ...overrides,
  };
}

/** The seed's "Game On!" game show (id 42, applications open): the show page, feed and JSON-LD tests' subject. */
export const GAME_ON: Partial<Show> = {
  id: 42,
  title: "Game On! Comedy Game Show",
  description: "<p>Contestants compete &amp; win <strong>prizes</strong>.</p>",
  date: "2026-05-16",
  time: "19:30",
  endTime: "22:00",
  venue: "The Manchester Pub",
  imageUrl: "/images/shows/game-on.svg",
  ticketUrl: "https://www.eventbrite.ca/e/game-on-tickets-700000000601",
  price: "$15",
  isEventbrite: true,
  acceptsApplications: true,
  // The Manchester Pub's venue record as the seed holds it (city cited in scripts/seeds/venue-data.ts).
  venueRecord: makeVenue({
    id: 5,
    name: "The Manchester Pub",
    slug: "manchester-pub",
    city: "Windsor",
    region: "ON",
    country: "CA",
  }),
};

/** `makeShow` with the Game On! defaults. */
export const gameOnShow = (overrides: Partial<Show> = {}): Show => makeShow({ ...GAME_ON, ...overrides });

export type ShowRow = typeof events.$inferInsert;

/** What the staff form requires besides a title and a date: a show staff could save unchanged. */
export const BOOKABLE = {
  time: "19:30",
  venue: "Test Venue",
  ticketUrl: "https://tickets.example.com/x",
} as const;
export type ShowDateRow = Omit<typeof eventDates.$inferInsert, "eventId" | "position">;

/**
 * Stores a show (and its recurring dates, in order) and answers the stored row. Without a
 * title or date it gets a unique title and a date 20 days ahead; nothing else is filled in.
 */
export function insertShow(db: DB, values: Partial<ShowRow> = {}, dates: ShowDateRow[] = []) {
  const row = db
    .insert(events)
    .values({
      title: `Test show ${crypto.randomBytes(4).toString("hex")}`,
      date: addDaysIso(todayIn(), 20),
      ...values,
    })
    .returning()
    .get();
  if (dates.length)
    db.insert(eventDates)
      .values(dates.map((d, position) => ({ ...d, eventId: row.id, position })))
      .run();
  return row;
}

/** The staff event form's values as the server parses them; override what the test is about. */
export const eventFormValues = (over: Partial<EventFormValues> = {}): EventFormValues => ({
  title: "Show",
  description: "",
  date: "2026-12-01",
  time: "19:00",
  endTime: null,
  venue: "Tipsy Toucan",
  ticketUrl: "https://t.example/1",
  imageUrl: null,
  price: "$20",
  dates: [],
  isRecurring: false,
  collectionId: null,
  entryFormUrl: null,
  acceptsApplications: false,
  applicationsCloseDate: null,
  applicationsCloseTime: null,
  contestantsNotifiedOn: null,
  applicationMinimumAge: 19,
  ...over,
});

/** The id of a seeded show by its exact title (the demo seed is read-only for these tests). */
export function seededId(db: DB, title: string): number {
  const row = db.select({ id: events.id }).from(events).where(eq(events.title, title)).get();
  if (!row) throw new Error(`No seeded show titled ${title}`);
  return row.id;
}

export function seededShow(db: DB, title: string) {
  const row = db.select().from(events).where(eq(events.title, title)).get();
  if (!row) throw new Error(`No seeded show titled ${title}`);
  return row;
}

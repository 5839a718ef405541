import type { Show } from "~/lib/shows";

let nextId = 1;

/** A plain one-off show for rule tests; override what the test is about. */
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

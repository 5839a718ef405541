import type { Show } from "~/lib/shows";

/** A show as pages see it, with overrides. */
export function makeShow(overrides: Partial<Show> = {}): Show {
  return {
    id: 42,
    externalId: null,
    title: "Game On! Comedy Game Show",
    description: "<p>Contestants compete &amp; win <strong>prizes</strong>.</p>",
    summary: null,
    details: null,
    date: "2026-05-16",
    time: "19:30",
    endTime: "22:00",
    venue: "The Manchester Pub",
    imageUrl: "/images/shows/game-on.svg",
    ticketUrl: "https://www.eventbrite.ca/e/game-on-tickets-700000000601",
    price: "$15",
    soldOut: false,
    archivedAt: null,
    isEventbrite: true,
    entryFormUrl: null,
    collection: null,
    acceptsApplications: true,
    applicationsCloseAt: null,
    contestantsNotifiedOn: null,
    applicationMinimumAge: 19,
    dates: [],
    // The Manchester Pub's venue record as the seed holds it (city cited in app/db/venue-data.ts).
    venueRecord: {
      id: 5, name: "The Manchester Pub", slug: "manchester-pub", address1: null, address2: null, city: "Windsor", region: "ON",
      postalCode: null, country: "CA", latitude: null, longitude: null, isClub: false, isWinery: false,
    },
    ...overrides,
  };
}

import { describe, expect, it } from "vitest";
import { showBadges } from "~/lib/badges";
import { cardShow, excerpt } from "~/lib/cards";
import { hasMarkup, plainText } from "~/lib/description";
import { cardPriceText, detailPriceText } from "~/lib/price";
import { upcomingCutoff, upcomingShows } from "~/lib/upcoming";
import { makeShow } from "../support/shows";
import { makeVenue } from "../support/venues";

const record = (slug: string, flags: { isClub?: boolean; isWinery?: boolean } = {}) =>
  makeVenue({ name: slug, slug, ...flags });

describe("showBadges", () => {
  it("gives SOLD OUT, Winery Event, Club Show, Series and the collection badge from the venue record's flags", () => {
    const labels = (s: Parameters<typeof showBadges>[0], series = false) =>
      showBadges(s, { series }).map((b) => b.label);
    expect(
      labels(
        makeShow({
          venue: "Mastronardi Estate Winery",
          soldOut: true,
          venueRecord: record("mastronardi-winery", { isWinery: true }),
        }),
      ),
    ).toEqual(["SOLD OUT", "Winery Event"]);
    expect(
      labels(
        makeShow({ venue: "The tipsy toucan", venueRecord: record("tipsy-toucan", { isClub: true }) }),
        true,
      ),
    ).toEqual(["Club Show", "Series"]);
    // The name alone gives no badge: only the flag does (staff tick it on /admin/venues).
    expect(labels(makeShow({ venue: "Tipsy Toucan", venueRecord: record("tipsy-toucan") }))).toEqual([]);
    expect(labels(makeShow({ venue: "Mastronardi Estate Winery", venueRecord: null }))).toEqual([]);
    // Ticking the flag on any venue, whatever its name, gives its shows the badge.
    expect(
      labels(makeShow({ venue: "Riverside Hall", venueRecord: record("riverside-hall", { isClub: true }) })),
    ).toEqual(["Club Show"]);
    expect(
      cardShow(
        makeShow({ venue: "Riverside Hall", venueRecord: record("riverside-hall", { isWinery: true }) }),
      ).venueRecord,
    ).toEqual({
      name: "riverside-hall",
      slug: "riverside-hall",
      isClub: false,
      isWinery: true,
    });
    expect(
      labels(
        makeShow({
          venue: "Wolfhead",
          collection: { slug: "epicdads", title: "Epic Dads", badge: "Father's Day Special" },
        }),
      ),
    ).toEqual(["Father's Day Special"]);
    expect(labels(makeShow({ venue: "Walkerville Brewery" }))).toEqual([]);
  });

  it("gives each badge its kind (its colour), in display order", () => {
    expect(
      showBadges(
        makeShow({
          soldOut: true,
          venueRecord: record("estate", { isWinery: true, isClub: true }),
          collection: { slug: "epicdads", title: "Epic Dads", badge: "Father's Day Special" },
        }),
        { series: true },
      ),
    ).toEqual([
      { label: "SOLD OUT", kind: "soldout" },
      { label: "Winery Event", kind: "winery" },
      { label: "Club Show", kind: "club" },
      { label: "Series", kind: "series" },
      { label: "Father's Day Special", kind: "special" },
    ]);
  });

  it("a cancelled or postponed show says so, and not SOLD OUT", () => {
    expect(showBadges(makeShow({ soldOut: true, eventStatus: "cancelled" }))).toEqual([
      { label: "CANCELLED", kind: "cancelled" },
    ]);
    expect(showBadges(makeShow({ soldOut: true, eventStatus: "postponed" }))).toEqual([
      { label: "POSTPONED", kind: "cancelled" },
    ]);
  });
});

describe("price text", () => {
  it("reads From/Starting at, TBA when empty", () => {
    expect(cardPriceText("$25")).toBe("From $25");
    expect(cardPriceText("25")).toBe("From $25");
    expect(cardPriceText("")).toBe("TBA");
    expect(cardPriceText(null)).toBe("TBA");
    expect(cardPriceText("tba")).toBe("TBA");
    expect(detailPriceText("$25")).toBe("Starting at $25");
    expect(detailPriceText(null)).toBe("TBA");
  });
});

describe("upcoming", () => {
  it("cuts off at the start of today in the business zone", () => {
    // 03:30 UTC on the 2nd is still the 1st in Toronto.
    expect(upcomingCutoff("America/Toronto", new Date("2026-06-02T03:30:00Z"))).toBe("2026-06-01");
    expect(upcomingCutoff("UTC", new Date("2026-06-02T03:30:00Z"))).toBe("2026-06-02");
  });
  it("keeps shows with a date today or later, sorted by their next date, archived left out", () => {
    const today = "2026-06-10";
    const series = makeShow({
      date: "2026-06-03",
      dates: [
        { date: "2026-06-03", time: null, ticketUrl: null, price: null },
        { date: "2026-06-17", time: null, ticketUrl: null, price: null },
      ],
    });
    const todayShow = makeShow({ date: today });
    const past = makeShow({ date: "2026-06-09" });
    const archived = makeShow({ date: "2026-06-11", archivedAt: "2026-06-01T00:00:00Z" });
    const list = upcomingShows([series, past, archived, todayShow], today);
    expect(list.map((u) => [u.show.id, u.next.date])).toEqual([
      [todayShow.id, today],
      [series.id, "2026-06-17"],
    ]);
  });
  // Issue 19 (mutation testing): two shows at the same hour keep one order on every page.
  it("lists two shows at the same date and time by their id", () => {
    const later = makeShow({ id: 702, date: "2026-06-12", time: "20:00" });
    const earlier = makeShow({ id: 701, date: "2026-06-12", time: "20:00" });
    expect(upcomingShows([later, earlier], "2026-06-10").map((u) => u.show.id)).toEqual([701, 702]);
    expect(upcomingShows([earlier, later], "2026-06-10").map((u) => u.show.id)).toEqual([701, 702]);
  });
});

describe("description", () => {
  it("detects markup and flattens it for cards", () => {
    expect(hasMarkup("<p>Hi <strong>there</strong></p>")).toBe(true);
    expect(hasMarkup("2 < 3 and 5 > 4")).toBe(false);
    expect(plainText("<p>Wine &amp; <b>jokes</b></p><script>x()</script>")).toBe("Wine & jokes");
  });
});

describe("cardShow", () => {
  it("keeps what a card shows and cuts the description at a word", () => {
    expect(excerpt("one two three four", 9)).toBe("one two…");
    expect(excerpt("short", 9)).toBe("short");
    const card = cardShow(makeShow({ description: "<p>Hello <b>there</b></p>", summary: "s", details: "d" }));
    expect(card.description).toBe("Hello there");
    expect(card).not.toHaveProperty("details");
  });
});

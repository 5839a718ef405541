import { describe, expect, it } from "vitest";
import {
  distinctVenues,
  filterShows,
  filtersToSearch,
  isFiltered,
  NO_FILTERS,
  parseFilters,
  filterParts,
  quickDateRanges,
} from "~/lib/filters";
import { makeShow } from "../../support/shows";

const shows = [
  makeShow({ title: "Sip & Giggle", venue: "Mastronardi Estate Winery", date: "2026-06-10" }),
  makeShow({
    title: "Club Night",
    description: "Weekly WINE specials",
    venue: "Tipsy Toucan",
    date: "2026-06-12",
  }),
  makeShow({
    title: "Series",
    venue: "Walkerville Brewery",
    date: "2026-06-01",
    dates: [
      { date: "2026-06-01", time: null, ticketUrl: null, price: null },
      { date: "2026-06-20", time: null, ticketUrl: null, price: null },
    ],
  }),
];

describe("filterShows", () => {
  it("searches title, description and venue case-insensitively", () => {
    expect(filterShows(shows, { ...NO_FILTERS, q: "wine" }).map((s) => s.title)).toEqual([
      "Sip & Giggle",
      "Club Night",
    ]);
    expect(filterShows(shows, { ...NO_FILTERS, q: "BREWERY" }).map((s) => s.title)).toEqual(["Series"]);
  });
  it("matches the venue by the one venue rule: the show's venue contains the name, any case", () => {
    expect(filterShows(shows, { ...NO_FILTERS, venue: "Tipsy Toucan" })).toHaveLength(1);
    expect(filterShows(shows, { ...NO_FILTERS, venue: "tipsy toucan " }).map((s) => s.title)).toEqual([
      "Club Night",
    ]);
    expect(filterShows(shows, { ...NO_FILTERS, venue: "Tipsy Toucan, Windsor" })).toHaveLength(0);
  });
  it("keeps date bounds inclusive, counting any date of a recurring show", () => {
    expect(
      filterShows(shows, { ...NO_FILTERS, from: "2026-06-12", to: "2026-06-12" }).map((s) => s.title),
    ).toEqual(["Club Night"]);
    expect(filterShows(shows, { ...NO_FILTERS, from: "2026-06-15" }).map((s) => s.title)).toEqual(["Series"]);
    expect(filterShows(shows, { ...NO_FILTERS, to: "2026-06-10" }).map((s) => s.title)).toEqual([
      "Sip & Giggle",
      "Series",
    ]);
  });
});

describe("filter params", () => {
  it("reads the URL and ignores invalid dates", () => {
    const f = parseFilters(
      new URLSearchParams("q=+wine+&venue=Tipsy%20Toucan&from=2026-02-30&to=2026-06-01"),
    );
    expect(f).toEqual({ ...NO_FILTERS, q: "wine", venue: "Tipsy Toucan", to: "2026-06-01" });
    expect(isFiltered(f)).toBe(true);
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(filtersToSearch(f, { all: "1" })).toBe("?q=wine&venue=Tipsy+Toucan&to=2026-06-01&all=1");
    expect(filtersToSearch(NO_FILTERS)).toBe("");
  });
  it("lists distinct venues sorted", () => {
    expect(distinctVenues([...shows, shows[0]])).toEqual([
      "Mastronardi Estate Winery",
      "Tipsy Toucan",
      "Walkerville Brewery",
    ]);
  });
});

describe("tickets left (issue 41)", () => {
  const NOW = new Date("2026-06-01T12:00:00Z");
  const seats = (total: number, sold: number, status: "on_sale" | "sales_ended" = "on_sale") => ({
    total,
    sold,
    status,
    salesStart: null,
    salesEnd: null,
  });
  const left = { ...NO_FILTERS, tickets: "left" as const };
  const kept = (list: ReturnType<typeof makeShow>[], today = "2026-06-01") =>
    filterShows(list, left, today, NOW).map((s) => s.title);

  it("reads ?tickets=left, and nothing else, as the filter", () => {
    expect(parseFilters(new URLSearchParams("tickets=left")).tickets).toBe("left");
    expect(parseFilters(new URLSearchParams("tickets=yes")).tickets).toBe("");
    expect(isFiltered(left)).toBe(true);
    expect(filtersToSearch(left)).toBe("?tickets=left");
  });

  it("keeps a show on sale, with the last seat, or without numbers; drops sold out, ended and called off", () => {
    const list = [
      makeShow({ title: "on sale", date: "2026-06-10", seats: seats(100, 10) }),
      makeShow({ title: "last seat", date: "2026-06-10", seats: seats(100, 99) }),
      makeShow({ title: "no numbers", date: "2026-06-10" }),
      makeShow({ title: "all sold", date: "2026-06-10", seats: seats(100, 100) }),
      makeShow({ title: "marked sold out", date: "2026-06-10", soldOut: true }),
      makeShow({ title: "sales ended", date: "2026-06-10", seats: seats(100, 10, "sales_ended") }),
      makeShow({ title: "cancelled", date: "2026-06-10", eventStatus: "cancelled" }),
    ];
    expect(kept(list)).toEqual(["on sale", "last seat", "no numbers"]);
  });

  it("a series stays while one upcoming date has seats, and only dates in the chosen range count", () => {
    const date = (d: string, sold: number) => ({
      date: d,
      time: "20:00",
      ticketUrl: null,
      price: null,
      seats: seats(50, sold),
      ...(sold >= 50 ? { soldOut: true } : {}),
    });
    const series = makeShow({
      title: "series",
      date: "2026-05-20",
      dates: [date("2026-05-20", 10), date("2026-06-05", 50), date("2026-06-12", 20)],
    });
    expect(kept([series])).toEqual(["series"]);
    expect(filterShows([series], { ...left, to: "2026-06-06" }, "2026-06-01", NOW)).toEqual([]);
    // The date with seats is past: nothing left today.
    expect(kept([makeShow({ ...series, dates: [date("2026-05-20", 10), date("2026-06-05", 50)] })])).toEqual(
      [],
    );
  });
});

describe("filterShows with today", () => {
  it("counts only dates from today on against the bounds", () => {
    expect(filterShows(shows, { ...NO_FILTERS, to: "2026-06-05" }, "2026-06-02").map((s) => s.title)).toEqual(
      [],
    );
    expect(filterShows(shows, { ...NO_FILTERS, to: "2026-06-05" }).map((s) => s.title)).toEqual(["Series"]);
  });
});

describe("filters at their edges", () => {
  it("reads a missing parameter as no filter, and keeps at most 200 characters of text", () => {
    expect(parseFilters(new URLSearchParams(""))).toEqual(NO_FILTERS);
    const f = parseFilters(
      new URLSearchParams({ q: "x".repeat(250), venue: "v".repeat(201), from: "2026-06-01" }),
    );
    expect(f.q).toHaveLength(200);
    expect(f.venue).toHaveLength(200);
    expect(f.from).toBe("2026-06-01");
  });

  it("any one filter alone makes the list filtered", () => {
    for (const key of ["q", "venue", "from", "to"] as const) {
      expect(
        isFiltered({ ...NO_FILTERS, [key]: key === "from" || key === "to" ? "2026-06-01" : "x" }),
        key,
      ).toBe(true);
    }
  });

  it("lists venues in alphabetical order whatever the order of the shows", () => {
    expect(distinctVenues([shows[2], shows[1], shows[0], shows[1]])).toEqual([
      "Mastronardi Estate Winery",
      "Tipsy Toucan",
      "Walkerville Brewery",
    ]);
  });

  it("today only narrows date bounds: without bounds a show whose dates are past is still found by text", () => {
    expect(filterShows(shows, { ...NO_FILTERS, q: "giggle" }, "2026-12-31").map((s) => s.title)).toEqual([
      "Sip & Giggle",
    ]);
  });

  it("a show on today's date is inside a bound that starts before it", () => {
    expect(
      filterShows(shows, { ...NO_FILTERS, from: "2026-06-01" }, "2026-06-12").map((s) => s.title),
    ).toEqual(["Club Night", "Series"]);
  });

  it("searches the line-up's names too", () => {
    const withLineup = makeShow({
      title: "Late Show",
      lineup: [
        { comedianId: 1, name: "Ann Comic", slug: "ann-comic", role: "headliner", headshot: null, links: [] },
      ],
    });
    expect(
      filterShows([...shows, withLineup], { ...NO_FILTERS, q: "ann comic" }).map((s) => s.title),
    ).toEqual(["Late Show"]);
  });
});

/** Issue 42: quick dates and what is filtered, each part removable. */
describe("quick dates", () => {
  it("Tonight is today, This weekend Friday to Sunday (from today once it began), Next 7 days a week", () => {
    // 2026-11-25 is a Wednesday.
    expect(quickDateRanges("2026-11-25")).toEqual([
      { label: "Tonight", from: "2026-11-25", to: "2026-11-25" },
      { label: "This weekend", from: "2026-11-27", to: "2026-11-29" },
      { label: "Next 7 days", from: "2026-11-25", to: "2026-12-01" },
    ]);
    expect(quickDateRanges("2026-11-27")[1]).toMatchObject({ from: "2026-11-27", to: "2026-11-29" }); // Friday
    expect(quickDateRanges("2026-11-28")[1]).toMatchObject({ from: "2026-11-28", to: "2026-11-29" }); // Saturday
    expect(quickDateRanges("2026-11-29")[1]).toMatchObject({ from: "2026-11-29", to: "2026-11-29" }); // Sunday
    expect(quickDateRanges("2026-11-30")[1]).toMatchObject({ from: "2026-12-04", to: "2026-12-06" }); // Monday
  });
});

describe("what is filtered", () => {
  it("names each part and the query that removes just it", () => {
    const f = { ...NO_FILTERS, q: "wine", from: "2026-11-27", to: "2026-11-29", clean: "1" as const };
    expect(filterParts(f, "2026-11-25")).toEqual([
      { label: "“wine”", search: "?from=2026-11-27&to=2026-11-29&clean=1" },
      { label: "Fri, Nov 27 – Sun, Nov 29", search: "?q=wine&clean=1" },
      { label: "Clean shows", search: "?q=wine&from=2026-11-27&to=2026-11-29" },
    ]);
    expect(filterParts({ ...NO_FILTERS, from: "2026-11-25", to: "2026-11-25" }, "2026-11-25")[0].label).toBe(
      "Wed, Nov 25",
    );
    expect(filterParts(NO_FILTERS, "2026-11-25")).toEqual([]);
  });
});

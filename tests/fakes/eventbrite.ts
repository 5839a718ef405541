/**
 * The one fake of the ticketing platform (Eventbrite API v3) for unit and browser tests,
 * on 127.0.0.1 and a free port; `url` is the API base (…/v3). It answers with real-shaped
 * payloads (tests/fixtures/eventbrite/README.md says where each shape comes from):
 *   GET /v3/organizations/{org}/events/?status=...&expand=...&continuation=...  (three pages)
 *   GET /v3/series/{id}/events/      (a series' occurrences)
 *   GET /v3/venues/{id}/             (venue lookup, with address)
 *   GET /v3/events/{id}/             (one event: the org's events, the series' occurrences,
 *                                     SINGLE_EVENTS and any `events` given)
 *   POST /__mode  {"mode": "..."}   switches the failure mode (browser tests)
 *   POST /__patch {"id": "...", "patch": {...}} changes one event (e.g. {"status": "canceled"});
 *                 {"reset": true} drops every patch
 * Modes: ok, empty, unauthorized (401), error (alias of server-error), rate-limited (429 + Retry-After), server-error (500),
 * slow (answers after `slowMs`), malformed (not JSON), bad-shape (JSON, wrong fields),
 * endless (a continuation that never ends), fail-page-2 (page 1 fine, page 2 answers 503),
 * series-not-found (every series' dates answer 404; the rest is fine).
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { addDaysIso, todayIn } from "~/lib/dates";
import { zonedInstant } from "~/lib/zoned-time";
import type { EventbriteConfig } from "~/services/eventbrite-client.server";

export type EventbriteFakeMode =
  | "ok"
  | "empty"
  | "unauthorized"
  | "rate-limited"
  | "server-error"
  | "slow"
  | "malformed"
  | "bad-shape"
  | "endless"
  | "fail-page-2"
  | "series-not-found"
  | "error";

export const FAKE_EVENTBRITE_TOKEN = "fake-eventbrite-token";
export const FAKE_EVENTBRITE_ORG = "4242";

/** Far in the future so the synced shows sit after the demo data in every list. */
const AHEAD = 300;

/** Tests run from the project root (vitest and Playwright alike). */
const FIXTURES = path.resolve("tests/fixtures/eventbrite");

/** One fixture file without its `_source` note: the payload as the platform sends it. */
const fixtureCache = new Map<string, string>();

export function eventbriteFixture<T = FakeEvent>(name: string): T {
  let raw = fixtureCache.get(name);
  if (raw === undefined) {
    raw = fs.readFileSync(path.join(FIXTURES, `${name}.json`), "utf8");
    fixtureCache.set(name, raw);
  }
  // A fresh copy each time: callers may change what they get.
  const { _source, ...payload } = JSON.parse(raw);
  void _source;
  return payload as T;
}

/** The fixture events on the organisation's third page (the series' occurrences come from its own endpoint). */
export const FIXTURE_EVENTS = [
  "out-of-zone-vancouver",
  "multi-day",
  "free",
  "usd",
  "online",
  "unlisted",
  "password",
  "draft",
  "cancelled",
  "hide-start-date",
  "series-parent",
  "collision-full-moon-hikes",
  "collision-forest-bathing",
] as const;

/** Fixture events that only load-from-URL finds (GET /events/{id}/); the organisation never lists them. */
export const SINGLE_EVENTS = ["load-from-url"] as const;

/** External ids of the fixture shows the sync stores (public and upcoming). */
export const FIXTURE_PUBLIC_IDS = [
  "9200000001",
  "9200000002",
  "9200000003",
  "9200000004",
  "9200000005",
  "9200000009",
  "9200000010",
  "9200000011",
  "53882456879",
  "57800144789",
];

const windsorHall = () => ({
  address: {
    address_1: "801 Example Ave",
    address_2: null,
    city: "Windsor",
    region: "ON",
    postal_code: "N9A 0A8",
    country: "CA",
    latitude: "42.3100",
    longitude: "-83.0300",
    localized_address_display: "801 Example Ave, Windsor, ON N9A 0A8",
    localized_area_display: "Windsor, ON",
    localized_multi_line_address_display: ["801 Example Ave", "Windsor, ON N9A 0A8"],
  },
  resource_uri: "https://www.eventbriteapi.com/v3/venues/801/",
  id: "801",
  age_restriction: null,
  capacity: null,
  name: "Sync Test Hall",
  latitude: "42.3100",
  longitude: "-83.0300",
});

/** The fake's events: pages 1 and 2 (dated from today) and page 3 (the fixture files). */
export function fakeOrgEvents(today = todayIn()) {
  const future = (n: number) => addDaysIso(today, AHEAD + n);
  const moment = (date: string, time: string) => ({
    timezone: "America/Toronto",
    local: `${date}T${time}:00`,
    utc: zonedInstant(date, time, "America/Toronto").toISOString().replace(".000Z", "Z"),
  });
  const base = (id: string, title: string, date: string, time: string) => {
    const endTime = `${String((Number(time.slice(0, 2)) + 2) % 24).padStart(2, "0")}${time.slice(2)}`;
    return {
      id,
      name: { text: title, html: title },
      url: `https://www.eventbrite.ca/e/${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-tickets-${id}`,
      start: moment(date, time),
      end: moment(endTime < time ? addDaysIso(date, 1) : date, endTime),
      organization_id: FAKE_EVENTBRITE_ORG,
      status: "live",
      currency: "CAD",
      listed: true,
      shareable: true,
      invite_only: false,
      online_event: false,
      hide_start_date: false,
      hide_end_date: false,
      is_series: false,
      is_series_parent: false,
      is_free: false,
      resource_uri: `https://www.eventbriteapi.com/v3/events/${id}/`,
    };
  };
  const price = (major: string) => ({
    currency: "CAD",
    major_value: major,
    value: Math.round(Number(major) * 100),
    display: `CA$${major}`,
  });
  const logo = (n: number) => ({
    crop_mask: { top_left: { x: 0, y: 0 }, width: 2160, height: 1080 },
    original: { url: `https://img.example/original-${n}.jpg`, width: 6000, height: 4000 },
    id: String(n),
    url: `https://img.example/small-${n}.jpg`,
    aspect_ratio: "2",
    edge_color: "#201e37",
    edge_color_set: true,
  });
  const page1 = [
    {
      ...base("9100000001", "Fake Sync Headliner Night", future(1), "19:30"),
      description: { text: "A big night of stand-up.", html: "<p>A big night of stand-up.</p>" },
      summary: "A big night",
      venue_id: "801",
      venue: windsorHall(),
      logo: logo(1),
      ticket_availability: {
        has_available_tickets: true,
        is_sold_out: false,
        minimum_ticket_price: price("25.00"),
        maximum_ticket_price: price("25.00"),
      },
    },
    {
      ...base("9100000002", "Fake Sync Sold Out Special", future(2), "20:00"),
      description: { text: "Gone in a day.", html: "<p>Gone in a day.</p>" },
      summary: null,
      venue_id: "801",
      venue: windsorHall(),
      logo: logo(2),
      ticket_availability: {
        has_available_tickets: false,
        is_sold_out: true,
        minimum_ticket_price: price("30.50"),
        maximum_ticket_price: price("30.50"),
      },
    },
    {
      ...base("9100000003", "Fake Sync Yesterday Show", addDaysIso(today, -1), "19:00"),
      description: { text: "Already happened.", html: "<p>Already happened.</p>" },
      venue_id: "801",
      venue: windsorHall(),
      logo: null,
      ticket_availability: {
        has_available_tickets: true,
        is_sold_out: false,
        minimum_ticket_price: null,
        maximum_ticket_price: null,
      },
    },
  ];
  const page2 = [
    {
      ...base("9100000004", "Fake Sync Mystery Venue", future(3), "19:00"),
      description: { text: null, html: '<p>Venue <strong>TBD</strong><script>alert("x")</script></p>' },
      venue_id: "404404",
      venue: null,
      logo: null,
      ticket_availability: {
        has_available_tickets: true,
        is_sold_out: false,
        minimum_ticket_price: price("15.00"),
        maximum_ticket_price: price("15.00"),
      },
    },
    {
      ...base("9100000005", "Fake Sync Brewery Night", future(4), "21:15"),
      description: { text: "At the brewery.", html: "<p>At the brewery.</p>" },
      venue_id: "777",
      venue: null,
      logo: logo(5),
      ticket_availability: {
        has_available_tickets: true,
        is_sold_out: false,
        minimum_ticket_price: null,
        maximum_ticket_price: null,
      },
    },
  ];
  const page3 = FIXTURE_EVENTS.map((name) => eventbriteFixture(name));
  return { page1, page2, page3 };
}

/** The venues the look-up answers (the brewery's address is not known to the platform either). */
function fakeVenues(): Record<string, Record<string, unknown>> {
  return {
    "801": windsorHall(),
    "777": {
      id: "777",
      name: "Sync Test Brewery",
      address: {
        address_1: null,
        address_2: null,
        city: null,
        region: null,
        postal_code: null,
        country: null,
        latitude: null,
        longitude: null,
        localized_address_display: null,
      },
      resource_uri: "https://www.eventbriteapi.com/v3/venues/777/",
    },
    "27665366": eventbriteFixture("venue-27665366"),
  };
}

export type FakeEvent = Record<string, unknown> & { id: string };

export type FakeEventbrite = {
  /** The API base to use as EVENTBRITE_API_URL. */
  url: string;
  /** The client's configuration for this fake (its token and organisation). */
  config(overrides?: Partial<EventbriteConfig>): EventbriteConfig;
  setMode(mode: EventbriteFakeMode): void;
  /** Replaces the extra single events it knows (besides the organisation's). */
  setEvents(events: FakeEvent[]): void;
  /** What it was asked: method, path under the API base (with query), authorization. */
  requests: { method: string; path: string; authorization: string | undefined }[];
  close(): Promise<void>;
};

export async function startFakeEventbrite(
  options: {
    events?: FakeEvent[];
    /** Events appended to the organisation's last page (what the sync lists). */
    listed?: FakeEvent[];
    token?: string;
    organizationId?: string;
    slowMs?: number;
    today?: string;
  } = {},
): Promise<FakeEventbrite> {
  const token = options.token ?? FAKE_EVENTBRITE_TOKEN;
  const org = options.organizationId ?? FAKE_EVENTBRITE_ORG;
  const slowMs = options.slowMs ?? 3_000;
  let mode: EventbriteFakeMode = "ok";
  const singles = SINGLE_EVENTS.map((name) => eventbriteFixture(name));
  let extra = new Map([...singles, ...(options.events ?? [])].map((e) => [String(e.id), e]));
  /** Changes made through POST /__patch, applied to every answer that carries the event. */
  const patches = new Map<string, Record<string, unknown>>();
  const patched = <T extends { id: string }>(list: T[]): T[] =>
    list.map((e) => (patches.has(e.id) ? { ...e, ...patches.get(e.id) } : e));
  const requests: FakeEventbrite["requests"] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "Content-Type": "application/json", ...headers });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };

    if (req.method === "POST" && url.pathname === "/__patch") {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => {
        try {
          const body = JSON.parse(raw) as { id?: string; patch?: Record<string, unknown>; reset?: boolean };
          if (body.reset) patches.clear();
          else if (body.id && body.patch)
            patches.set(String(body.id), { ...patches.get(String(body.id)), ...body.patch });
          send(200, { patched: [...patches.keys()] });
        } catch {
          send(400, { error: "bad patch" });
        }
      });
      return;
    }
    if (req.method === "POST" && url.pathname === "/__mode") {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => {
        try {
          mode = (JSON.parse(raw) as { mode: EventbriteFakeMode }).mode;
          send(200, { mode });
        } catch {
          send(400, { error: "bad mode" });
        }
      });
      return;
    }
    const path = url.pathname.replace(/^\/v3(?=\/)/, "");
    requests.push({
      method: req.method ?? "GET",
      path: path + url.search,
      authorization: req.headers.authorization,
    });

    const answer = () => {
      if (req.headers.authorization !== `Bearer ${token}` || mode === "unauthorized") {
        return send(401, {
          status_code: 401,
          error: "INVALID_AUTH",
          error_description: "The OAuth token you provided was invalid.",
        });
      }
      if (mode === "rate-limited") return send(429, { error: "HIT_RATE_LIMIT" }, { "Retry-After": "42" });
      if (mode === "server-error" || mode === "error") return send(500, { error: "INTERNAL_ERROR" });
      if (mode === "malformed") return send(200, '{"pagination": {"has_more_items": fal');

      const org1 = fakeOrgEvents(options.today);
      const [page1, page2, page3] = [
        patched(org1.page1),
        patched(org1.page2),
        patched([...(org1.page3 as FakeEvent[]), ...(options.listed ?? [])]),
      ];
      const pageInfo = (n: number, more: boolean, continuation?: string) => ({
        object_count: page1.length + page2.length + page3.length,
        page_number: n,
        page_size: 13,
        page_count: 3,
        has_more_items: more,
        ...(continuation ? { continuation } : {}),
      });
      if (path === `/organizations/${org}/events/`) {
        if (mode === "bad-shape")
          return send(200, { pagination: {}, events: [{ id: "1", name: "not an object" }] });
        if (mode === "empty")
          return send(200, { pagination: { has_more_items: false, object_count: 0 }, events: [] });
        if (mode === "endless") {
          return send(200, {
            pagination: { has_more_items: true, continuation: "again" },
            events: page1.slice(0, 1),
          });
        }
        const continuation = url.searchParams.get("continuation");
        if (!continuation) {
          return send(200, { pagination: pageInfo(1, true, "page-2-token"), events: page1 });
        }
        if (continuation === "page-2-token") {
          if (mode === "fail-page-2") return send(503, { error: "SERVICE_UNAVAILABLE" });
          return send(200, { pagination: pageInfo(2, true, "page-3-token"), events: page2 });
        }
        if (continuation === "page-3-token")
          return send(200, { pagination: pageInfo(3, false), events: page3 });
        return send(400, { error: "BAD_CONTINUATION" });
      }
      if (path.startsWith("/organizations/")) return send(404, { error: "NOT_FOUND" });
      const occurrences = eventbriteFixture<{ pagination: unknown; events: FakeEvent[] }>(
        "series-occurrences",
      );
      const series = /^\/series\/([^/]+)\/events\/?$/.exec(path);
      if (series) {
        if (mode === "series-not-found") return send(404, { error: "NOT_FOUND" });
        const events = patched(occurrences.events.filter((e) => e.series_id === series[1]));
        return events.length ? send(200, { ...occurrences, events }) : send(404, { error: "NOT_FOUND" });
      }
      const venue = /^\/venues\/([^/]+)\/?$/.exec(path);
      if (venue) {
        const found = fakeVenues()[venue[1]];
        return found ? send(200, found) : send(404, { error: "NOT_FOUND" });
      }
      const single = /^\/events\/([^/]+)\/?$/.exec(path);
      if (single) {
        const ev =
          extra.get(single[1]) ??
          [...page1, ...page2, ...page3, ...patched(occurrences.events)].find((e) => e.id === single[1]);
        return ev
          ? send(200, ev)
          : send(404, { error: "NOT_FOUND", error_description: "The event you requested does not exist." });
      }
      return send(404, { error: "NOT_FOUND" });
    };

    if (mode === "slow") {
      const t = setTimeout(() => {
        timers.delete(t);
        if (!res.destroyed) answer();
      }, slowMs);
      timers.add(t);
      return;
    }
    answer();
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v3`,
    config: (overrides = {}) => ({
      apiUrl: `http://127.0.0.1:${port}/v3`,
      token,
      organizationId: org,
      ...overrides,
    }),
    setMode: (m) => {
      mode = m;
    },
    setEvents: (next) => {
      extra = new Map(next.map((e) => [String(e.id), e]));
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Changes one event of a running fake from another process (browser tests); `null` drops every change. */
export async function patchEventbriteFakeEvent(
  apiUrl: string,
  id: string | null,
  patch: Record<string, unknown> = {},
) {
  const body = id === null ? { reset: true } : { id, patch };
  const res = await fetch(new URL("/__patch", apiUrl), { method: "POST", body: JSON.stringify(body) });
  if (!res.ok) throw new Error("Could not patch the Eventbrite fake");
}

/** Switches a running fake's mode from another process (browser tests). */
export async function setEventbriteFakeMode(apiUrl: string, mode: EventbriteFakeMode) {
  const res = await fetch(new URL("/__mode", apiUrl), { method: "POST", body: JSON.stringify({ mode }) });
  if (!res.ok) throw new Error(`Could not switch the Eventbrite fake to ${mode}`);
}

/** A tiny web server of fixed HTML pages (Open Graph / schema.org) on 127.0.0.1, port 0. */
export async function startFakePages(pages: Record<string, string>) {
  const server = http.createServer((req, res) => {
    const html = pages[new URL(req.url ?? "/", "http://127.0.0.1").pathname];
    res.writeHead(html ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" });
    res.end(html ?? "<h1>Not found</h1>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

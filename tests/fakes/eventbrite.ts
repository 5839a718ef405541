/**
 * The one fake of the ticketing platform (Eventbrite API v3) for unit and browser tests,
 * on 127.0.0.1 and a free port; `url` is the API base (…/v3). It answers with real-shaped
 * payloads (tests/fixtures/eventbrite/README.md says where each shape comes from):
 *   GET /v3/organizations/{org}/events/?status=...&expand=...&continuation=...  (three pages)
 *   GET /v3/series/{id}/events/      (a series' occurrences)
 *   GET /v3/venues/{id}/             (venue lookup, with address)
 *   GET /v3/events/{id}/             (one event: the org's events, the series' occurrences,
 *                                     SINGLE_EVENTS and any `events` given)
 *   GET /v3/events/{id}/ticket_classes/   (the seats; also the `ticket_classes` expansion)
 *   GET /v3/events/{id}/attendees/        (every ticket sold, 50 a page with a continuation)
 *   GET /v3/orders/{id}/                  (an order: its event_id)
 *   GET /v3/events/{id}/attendees/{id}/, /v3/events/{id}/ticket_classes/{id}/  (one of each)
 *   POST /v3/organizations/{org}/webhooks/ {"endpoint_url", "actions"}  registers a webhook
 *   POST /__mode  {"mode": "..."}   switches the failure mode (browser tests)
 *   POST /__patch {"id": "...", "patch": {...}} changes one event (e.g. {"status": "canceled"});
 *                 {"reset": true} drops every patch
 *   POST /__order {"eventId", "quantity"?, "email"?, "affiliate"?} sells tickets as a checkout
 *                 would (seats, attendees, an order) and delivers `order.placed` to the webhooks
 *   POST /__checkin {"attendeeId"}  checks a ticket in and delivers `attendee.checked_in`
 *   POST /__seats {"eventId", "total"?, "sold"?, "onSaleStatus"?, "salesStart"?, "salesEnd"?}
 *                 sets an event's public ticket class (no delivery)
 *   POST /__reset  drops every order, attendee, webhook and seat change
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

/**
 * The fake's ticket classes: one public class per event listed here (the template is the first
 * class of tests/fixtures/eventbrite/ticket-classes.json) and a hidden complimentary class (the
 * second), which the site must not count. Events not listed have no ticket classes.
 */
export const FAKE_SEATS: Record<string, { total: number; sold: number }> = {
  "9100000001": { total: 120, sold: 30 },
  "9100000005": { total: 60, sold: 52 },
};

type SeatState = {
  total: number;
  sold: number;
  onSaleStatus?: string;
  salesStart?: string;
  salesEnd?: string;
};

/** An event's ticket classes in the platform's shape, from its seats. */
export function fakeTicketClasses(eventId: string, seats: SeatState) {
  const [publicClass, comps] = eventbriteFixture<{ ticket_classes: Record<string, unknown>[] }>(
    "ticket-classes",
  ).ticket_classes;
  const status = seats.onSaleStatus ?? (seats.sold >= seats.total ? "SOLD_OUT" : "AVAILABLE");
  const uri = (id: string) => `https://www.eventbriteapi.com/v3/events/${eventId}/ticket_classes/${id}/`;
  return [
    {
      ...publicClass,
      id: `${eventId}1`,
      event_id: eventId,
      resource_uri: uri(`${eventId}1`),
      capacity: seats.total,
      quantity_total: seats.total,
      quantity_sold: seats.sold,
      on_sale_status: status,
      ...(seats.salesStart ? { sales_start: seats.salesStart } : {}),
      ...(seats.salesEnd ? { sales_end: seats.salesEnd } : {}),
    },
    { ...comps, id: `${eventId}2`, event_id: eventId, resource_uri: uri(`${eventId}2`) },
  ];
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
  /** Sells tickets as a checkout would and delivers `order.placed` (see POST /__order). */
  order(input: FakeOrderInput): Promise<FakeOrderResult>;
  /** The webhook deliveries it made: action, api_url, the endpoint's answer. */
  deliveries: { action: string; apiUrl: string; status: number; at: number }[];
  close(): Promise<void>;
};

export type FakeOrderInput = {
  eventId: string;
  quantity?: number;
  email?: string;
  affiliate?: string | null;
};
export type FakeOrderResult = {
  orderId: string;
  attendeeIds: string[];
  /** When the order was placed (ms since the epoch), before the webhook was delivered. */
  placedAt: number;
  delivered: { status: number }[];
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
    /** Seats of events (by id) besides FAKE_SEATS. */
    seats?: Record<string, { total: number; sold: number }>;
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

  // The box office's state (issue 41): seats, orders, attendees and registered webhooks.
  const initialSeats = () =>
    new Map<string, SeatState>(
      Object.entries({ ...FAKE_SEATS, ...options.seats }).map(([k, v]) => [k, { ...v }]),
    );
  let seats = initialSeats();
  let attendees: Record<string, unknown>[] = [];
  let orders = new Map<string, Record<string, unknown>>();
  let webhooks: { id: string; endpointUrl: string; actions: string[] }[] = [];
  const deliveries: FakeEventbrite["deliveries"] = [];
  let nextId = 1;
  const newId = (prefix: number) => String(prefix * 1_000_000 + nextId++);
  let apiBase = "";

  /** An event with its ticket classes (when asked to expand them) and availability from its seats. */
  const withSeats = <T extends FakeEvent>(ev: T, expand: string): T => {
    const state = seats.get(ev.id);
    const out: Record<string, unknown> = { ...ev };
    if (expand.split(",").includes("ticket_classes"))
      out.ticket_classes = state ? fakeTicketClasses(ev.id, state) : [];
    if (state && out.ticket_availability && typeof out.ticket_availability === "object") {
      const left = state.sold < state.total && state.onSaleStatus !== "SOLD_OUT";
      out.ticket_availability = {
        ...(out.ticket_availability as object),
        is_sold_out: !left,
        has_available_tickets: left,
      };
    }
    return out as T;
  };

  async function deliver(action: string, apiUrl: string) {
    const results: { status: number }[] = [];
    for (const hook of webhooks.filter((h) => h.actions.includes(action))) {
      const body = {
        ...eventbriteFixture<Record<string, unknown>>("webhook-order-placed"),
        config: { action, webhook_id: hook.id, user_id: "83632994431", endpoint_url: hook.endpointUrl },
        api_url: apiUrl,
      };
      let status = 0;
      try {
        const res = await fetch(hook.endpointUrl, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 0;
      }
      deliveries.push({ action, apiUrl, status, at: Date.now() });
      results.push({ status });
    }
    return results;
  }

  async function placeOrder(input: FakeOrderInput): Promise<FakeOrderResult> {
    const quantity = input.quantity ?? 1;
    const state = seats.get(input.eventId) ?? { total: 100, sold: 0 };
    seats.set(input.eventId, { ...state, sold: state.sold + quantity });
    const orderId = newId(900);
    const email = input.email ?? `buyer-${orderId}@example.com`;
    const template = eventbriteFixture<{ attendees: Record<string, unknown>[] }>("attendees").attendees[0];
    const attendeeIds: string[] = [];
    for (let i = 0; i < quantity; i++) {
      const id = newId(800);
      attendeeIds.push(id);
      attendees.push({
        ...template,
        id,
        resource_uri: `https://www.eventbriteapi.com/v3/events/${input.eventId}/attendees/${id}/`,
        profile: {
          ...(template.profile as object),
          email,
          first_name: "Buyer",
          last_name: orderId,
          name: `Buyer ${orderId}`,
        },
        checked_in: false,
        status: "Attending",
        affiliate: input.affiliate ?? null,
        event_id: input.eventId,
        order_id: orderId,
        ticket_class_id: `${input.eventId}1`,
      });
    }
    orders.set(orderId, {
      ...eventbriteFixture<Record<string, unknown>>("order"),
      id: orderId,
      resource_uri: `https://www.eventbriteapi.com/v3/orders/${orderId}/`,
      email,
      event_id: input.eventId,
    });
    const placedAt = Date.now();
    const delivered = await deliver("order.placed", `${apiBase}/orders/${orderId}/`);
    return { orderId, attendeeIds, placedAt, delivered };
  }

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
    const readJson = (then: (body: Record<string, unknown>) => Promise<void> | void) => {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => {
        let body: Record<string, unknown>;
        try {
          body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
        } catch {
          return send(400, { error: "bad json" });
        }
        Promise.resolve(then(body)).catch((error: unknown) => send(500, { error: String(error) }));
      });
    };
    if (req.method === "POST" && url.pathname === "/__order") {
      return readJson(async (body) => send(200, await placeOrder(body as unknown as FakeOrderInput)));
    }
    if (req.method === "POST" && url.pathname === "/__checkin") {
      return readJson(async (body) => {
        const attendee = attendees.find((a) => a.id === String(body.attendeeId));
        if (!attendee) return send(404, { error: "NOT_FOUND" });
        attendee.checked_in = true;
        attendee.status = "Checked In";
        const delivered = await deliver(
          "attendee.checked_in",
          `${apiBase}/events/${String(attendee.event_id)}/attendees/${String(attendee.id)}/`,
        );
        send(200, { delivered });
      });
    }
    if (req.method === "POST" && url.pathname === "/__seats") {
      return readJson((body) => {
        const id = String(body.eventId);
        const before = seats.get(id) ?? { total: 100, sold: 0 };
        const next: SeatState = { ...before };
        if (typeof body.total === "number") next.total = body.total;
        if (typeof body.sold === "number") next.sold = body.sold;
        if (typeof body.onSaleStatus === "string") next.onSaleStatus = body.onSaleStatus;
        if (typeof body.salesStart === "string") next.salesStart = body.salesStart;
        if (typeof body.salesEnd === "string") next.salesEnd = body.salesEnd;
        seats.set(id, next);
        send(200, { eventId: id, ...next });
      });
    }
    if (req.method === "POST" && url.pathname === "/__reset") {
      seats = initialSeats();
      attendees = [];
      orders = new Map();
      webhooks = [];
      deliveries.length = 0;
      return send(200, { reset: true });
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
      const expandOf = url.searchParams.get("expand") ?? "";
      // Patches (a test's change) win over the seats' availability.
      const [page1, page2, page3] = [
        org1.page1,
        org1.page2,
        [...(org1.page3 as FakeEvent[]), ...(options.listed ?? [])],
      ].map((list) => patched(list.map((e) => withSeats(e, expandOf))));
      const pageInfo = (n: number, more: boolean, continuation?: string) => ({
        object_count: page1.length + page2.length + page3.length,
        page_number: n,
        page_size: 13,
        page_count: 3,
        has_more_items: more,
        ...(continuation ? { continuation } : {}),
      });
      const expand = url.searchParams.get("expand") ?? "";
      if (req.method === "POST" && path === `/organizations/${org}/webhooks/`) {
        return readJson((body) => {
          const endpointUrl = String(body.endpoint_url ?? "");
          if (!/^https?:\/\//.test(endpointUrl)) return send(400, { error: "ARGUMENTS_ERROR" });
          const id = newId(45);
          const actions = String(body.actions ?? "")
            .split(",")
            .map((a) => a.trim())
            .filter(Boolean);
          webhooks.push({ id, endpointUrl, actions });
          send(200, {
            ...eventbriteFixture<Record<string, unknown>>("webhook"),
            id,
            resource_uri: `https://www.eventbriteapi.com/v3/webhooks/${id}/`,
            endpoint_url: endpointUrl,
            actions: actions.join(","),
          });
        });
      }
      const classesPath = /^\/events\/([^/]+)\/ticket_classes\/?$/.exec(path);
      if (classesPath) {
        const state = seats.get(classesPath[1]);
        const ticketClasses = state ? fakeTicketClasses(classesPath[1], state) : [];
        return send(200, {
          pagination: {
            object_count: ticketClasses.length,
            page_number: 1,
            page_size: 50,
            page_count: 1,
            has_more_items: false,
          },
          ticket_classes: ticketClasses,
        });
      }
      const attendeesPath = /^\/events\/([^/]+)\/attendees\/?$/.exec(path);
      if (attendeesPath) {
        const all = attendees.filter((a) => a.event_id === attendeesPath[1]);
        const from = Number(/^att-(\d+)$/.exec(url.searchParams.get("continuation") ?? "")?.[1] ?? 0);
        const page = all.slice(from, from + 50);
        const more = from + 50 < all.length;
        return send(200, {
          pagination: {
            object_count: all.length,
            page_number: from / 50 + 1,
            page_size: 50,
            page_count: Math.max(1, Math.ceil(all.length / 50)),
            has_more_items: more,
            ...(more ? { continuation: `att-${from + 50}` } : {}),
          },
          attendees: page,
        });
      }
      const attendeePath = /^\/events\/([^/]+)\/attendees\/([^/]+)\/?$/.exec(path);
      if (attendeePath) {
        const attendee = attendees.find((a) => a.event_id === attendeePath[1] && a.id === attendeePath[2]);
        return attendee ? send(200, attendee) : send(404, { error: "NOT_FOUND" });
      }
      const classPath = /^\/events\/([^/]+)\/ticket_classes\/([^/]+)\/?$/.exec(path);
      if (classPath) {
        const state = seats.get(classPath[1]);
        const found = state
          ? fakeTicketClasses(classPath[1], state).find((c) => c.id === classPath[2])
          : undefined;
        return found ? send(200, found) : send(404, { error: "NOT_FOUND" });
      }
      const orderPath = /^\/orders\/([^/]+)\/?$/.exec(path);
      if (orderPath) {
        const order = orders.get(orderPath[1]);
        return order ? send(200, order) : send(404, { error: "NOT_FOUND" });
      }
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
        const events = patched(
          occurrences.events.filter((e) => e.series_id === series[1]).map((e) => withSeats(e, expand)),
        );
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
          ? send(200, withSeats(ev, expand))
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
  apiBase = `http://127.0.0.1:${port}/v3`;
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
    order: placeOrder,
    deliveries,
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

/**
 * The box office's controls of a running fake from another process (browser tests):
 * `order` sells tickets and delivers `order.placed`, `checkin`, `seats`, `reset`.
 */
export async function fakeBoxOffice<T = Record<string, unknown>>(
  apiUrl: string,
  control: "order" | "checkin" | "seats" | "reset",
  body: Record<string, unknown> = {},
): Promise<T> {
  const res = await fetch(new URL(`/__${control}`, apiUrl), { method: "POST", body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`The Eventbrite fake refused ${control}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

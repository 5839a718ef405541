/**
 * The one fake of the ticketing platform (Eventbrite API v3) for unit and browser tests,
 * on 127.0.0.1 and a free port; `url` is the API base (…/v3). It serves:
 *   GET /v3/organizations/{org}/events/?status=live&expand=...&continuation=...  (two pages)
 *   GET /v3/venues/{id}/                                                          (venue lookup)
 *   GET /v3/events/{id}/             (one event: the org's events and any `events` given)
 *   POST /__mode  {"mode": "..."}   switches the failure mode (browser tests)
 * Modes: ok, empty, unauthorized (401), error (alias of server-error), rate-limited (429 + Retry-After), server-error (500),
 * slow (answers after `slowMs`), malformed (not JSON), bad-shape (JSON, wrong fields),
 * endless (a continuation that never ends), fail-page-2 (page 1 fine, page 2 answers 503).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { addDaysIso, todayIn } from "~/lib/dates";

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
  | "error";

export const FAKE_EVENTBRITE_TOKEN = "fake-eventbrite-token";
export const FAKE_EVENTBRITE_ORG = "4242";

/** Far in the future so the synced shows sit after the demo data in every list. */
const AHEAD = 300;

/** The fake's events: page 1 and page 2 of the organisation's live list. */
export function fakeOrgEvents(today = todayIn()) {
  const future = (n: number) => addDaysIso(today, AHEAD + n);
  const base = (id: string, title: string, date: string, time: string) => ({
    id,
    name: { text: title, html: title },
    url: `https://www.eventbrite.ca/e/${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-tickets-${id}`,
    start: { timezone: "America/Toronto", local: `${date}T${time}:00`, utc: `${date}T23:00:00Z` },
    status: "live",
  });
  const page1 = [
    {
      ...base("9100000001", "Fake Sync Headliner Night", future(1), "19:30"),
      description: { text: "A big night of stand-up.", html: "<p>A big night of stand-up.</p>" },
      summary: "A big night",
      venue_id: "801",
      venue: { id: "801", name: "Sync Test Hall" },
      logo: { url: "https://img.example/small-1.jpg", original: { url: "https://img.example/original-1.jpg" } },
      ticket_availability: {
        is_sold_out: false,
        minimum_ticket_price: { currency: "CAD", major_value: "25.00", value: 2500, display: "CA$25.00" },
      },
    },
    {
      ...base("9100000002", "Fake Sync Sold Out Special", future(2), "20:00"),
      description: { text: "Gone in a day.", html: "<p>Gone in a day.</p>" },
      summary: null,
      venue_id: "801",
      venue: { id: "801", name: "Sync Test Hall" },
      logo: { url: "https://img.example/small-2.jpg", original: null },
      ticket_availability: {
        is_sold_out: true,
        minimum_ticket_price: { currency: "CAD", major_value: "30.50", value: 3050, display: "CA$30.50" },
      },
    },
    {
      ...base("9100000003", "Fake Sync Yesterday Show", addDaysIso(today, -1), "19:00"),
      description: { text: "Already happened." },
      venue_id: "801",
      venue: { id: "801", name: "Sync Test Hall" },
      logo: null,
      ticket_availability: { is_sold_out: false, minimum_ticket_price: null },
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
        is_sold_out: false,
        minimum_ticket_price: { currency: "CAD", major_value: "15.00", value: 1500, display: "CA$15.00" },
      },
    },
    {
      ...base("9100000005", "Fake Sync Brewery Night", future(4), "21:15"),
      description: { text: "At the brewery." },
      venue_id: "777",
      venue: null,
      logo: { url: "https://img.example/small-5.jpg" },
      ticket_availability: { is_sold_out: false, minimum_ticket_price: null },
    },
  ];
  return { page1, page2 };
}

const VENUES: Record<string, { id: string; name: string }> = {
  "801": { id: "801", name: "Sync Test Hall" },
  "777": { id: "777", name: "Sync Test Brewery" },
};

export type FakeEvent = Record<string, unknown> & { id: string };

export type FakeEventbrite = {
  /** The API base to use as EVENTBRITE_API_URL. */
  url: string;
  setMode(mode: EventbriteFakeMode): void;
  /** Replaces the extra single events it knows (besides the organisation's). */
  setEvents(events: FakeEvent[]): void;
  /** What it was asked: method, path under the API base (with query), authorization. */
  requests: { method: string; path: string; authorization: string | undefined }[];
  close(): Promise<void>;
};

export async function startFakeEventbrite(
  options: { events?: FakeEvent[]; token?: string; organizationId?: string; slowMs?: number; today?: string } = {},
): Promise<FakeEventbrite> {
  const token = options.token ?? FAKE_EVENTBRITE_TOKEN;
  const org = options.organizationId ?? FAKE_EVENTBRITE_ORG;
  const slowMs = options.slowMs ?? 3_000;
  let mode: EventbriteFakeMode = "ok";
  let extra = new Map((options.events ?? []).map((e) => [String(e.id), e]));
  const requests: FakeEventbrite["requests"] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "Content-Type": "application/json", ...headers });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };

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
    requests.push({ method: req.method ?? "GET", path: path + url.search, authorization: req.headers.authorization });

    const answer = () => {
      if (req.headers.authorization !== `Bearer ${token}` || mode === "unauthorized") {
        return send(401, { status_code: 401, error: "INVALID_AUTH", error_description: "The OAuth token you provided was invalid." });
      }
      if (mode === "rate-limited") return send(429, { error: "HIT_RATE_LIMIT" }, { "Retry-After": "42" });
      if (mode === "server-error" || mode === "error") return send(500, { error: "INTERNAL_ERROR" });
      if (mode === "malformed") return send(200, '{"pagination": {"has_more_items": fal');

      const { page1, page2 } = fakeOrgEvents(options.today);
      if (path === `/organizations/${org}/events/`) {
        if (mode === "bad-shape") return send(200, { pagination: {}, events: [{ id: "1", name: "not an object" }] });
        if (mode === "empty") return send(200, { pagination: { has_more_items: false, object_count: 0 }, events: [] });
        if (mode === "endless") {
          return send(200, { pagination: { has_more_items: true, continuation: "again" }, events: page1.slice(0, 1) });
        }
        const continuation = url.searchParams.get("continuation");
        if (!continuation) {
          return send(200, {
            pagination: { object_count: 5, page_number: 1, page_size: 3, page_count: 2, has_more_items: true, continuation: "page-2-token" },
            events: page1,
          });
        }
        if (continuation === "page-2-token") {
          if (mode === "fail-page-2") return send(503, { error: "SERVICE_UNAVAILABLE" });
          return send(200, {
            pagination: { object_count: 5, page_number: 2, page_size: 3, page_count: 2, has_more_items: false },
            events: page2,
          });
        }
        return send(400, { error: "BAD_CONTINUATION" });
      }
      if (path.startsWith("/organizations/")) return send(404, { error: "NOT_FOUND" });
      const venue = /^\/venues\/([^/]+)\/?$/.exec(path);
      if (venue) {
        const found = VENUES[venue[1]];
        return found ? send(200, found) : send(404, { error: "NOT_FOUND" });
      }
      const single = /^\/events\/([^/]+)\/?$/.exec(path);
      if (single) {
        const ev = extra.get(single[1]) ?? [...page1, ...page2].find((e) => e.id === single[1]);
        return ev ? send(200, ev) : send(404, { error: "NOT_FOUND", error_description: "The event you requested does not exist." });
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

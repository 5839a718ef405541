import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake of the ticketing platform's API (Eventbrite v3) on 127.0.0.1, port 0.
 *
 *   const fake = await startFakeEventbrite({ events: [event], token: "t" });
 *   // point the app at it: EVENTBRITE_API_URL = fake.url, EVENTBRITE_TOKEN = "t"
 *   fake.setMode("error");      // every API answer becomes 500 ("ok" | "error" | "unauthorized")
 *   fake.setEvents([...]);      // replace the events it knows
 *   fake.requests               // what it was asked (method, path, authorization)
 *   await fake.close();
 *
 * Answers today: GET /events/{id}/ (404 for an unknown id; 401 without the right Bearer
 * token when `token` is given). Extend `routes` below for more endpoints (e.g. the
 * organisation's events list with pagination).
 */
export type FakeEventbriteMode = "ok" | "error" | "unauthorized";
export type FakeEvent = Record<string, unknown> & { id: string };

export type FakeEventbrite = {
  url: string;
  close: () => Promise<void>;
  setMode: (mode: FakeEventbriteMode) => void;
  setEvents: (events: FakeEvent[]) => void;
  requests: { method: string; path: string; authorization: string | undefined }[];
};

export async function startFakeEventbrite(options: { events?: FakeEvent[]; token?: string } = {}): Promise<FakeEventbrite> {
  let events = new Map((options.events ?? []).map((e) => [String(e.id), e]));
  let mode: FakeEventbriteMode = "ok";
  const requests: FakeEventbrite["requests"] = [];

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({ method: req.method ?? "GET", path: url.pathname + url.search, authorization: req.headers.authorization });
    if (mode === "error") return send(res, 500, { error: "INTERNAL_ERROR", error_description: "fake failure" });
    if (mode === "unauthorized" || (options.token && req.headers.authorization !== `Bearer ${options.token}`)) {
      return send(res, 401, { error: "NO_AUTH", error_description: "An OAuth token is required" });
    }
    const one = /^\/events\/(\d+)\/?$/.exec(url.pathname);
    if (req.method === "GET" && one) {
      const event = events.get(one[1]);
      return event ? send(res, 200, event) : send(res, 404, { error: "NOT_FOUND", error_description: "The event you requested does not exist." });
    }
    send(res, 404, { error: "NOT_FOUND", error_description: `No fake for ${url.pathname}` });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode: (next) => {
      mode = next;
    },
    setEvents: (next) => {
      events = new Map(next.map((e) => [String(e.id), e]));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
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

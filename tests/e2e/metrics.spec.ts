import { freePort, startSeededServer, type SeededServer } from "../support/server";
import { expect, test } from "./fixtures";

// Server-process behaviour, not a page: run once (@once: not in the no-js projects, so no-js starts
// no server for them either; a describe-level skip still ran the beforeAll).
test.describe.configure({ mode: "serial", timeout: 60_000 });

const TOKEN = "metrics-token-0123456789abcdef0123";
let server: SeededServer;
let scraperPort: number;

test.beforeAll(async () => {
  scraperPort = await freePort();
  server = await startSeededServer({ METRICS_TOKEN: TOKEN, METRICS_PORT: String(scraperPort) }, "metrics");
});
test.afterAll(async () => server?.close());

const value = (text: string, line: RegExp) => {
  const match = text.split("\n").find((l) => line.test(l));
  return match ? Number(match.split(" ").at(-1)) : null;
};

test("/metrics answers the token holder in Prometheus's format, with the operator's figures @once", async () => {
  await (await fetch(`${server.url}/vote`)).text();
  await (await fetch(`${server.url}/no-such-page`)).text();
  const scrape = () => fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const res = await scrape();
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/plain");
  expect(res.headers.get("cache-control")).toContain("no-store");
  // A request is counted on its response's "finish", which can run after the client has read the
  // whole body: on a loaded machine the scrape is repeated until the 404 shows.
  let text = await res.text();
  await expect
    .poll(async () => {
      text = await (await scrape()).text();
      return value(text, /^http_requests_total\{group="page",status="404"\}/);
    })
    .toBeGreaterThanOrEqual(1);
  expect(value(text, /^http_requests_total\{group="vote",status="200"\}/)).toBeGreaterThanOrEqual(1);
  expect(value(text, /^http_requests_total\{group="page",status="404"\}/)).toBeGreaterThanOrEqual(1);
  expect(value(text, /^http_request_duration_seconds_count\{group="vote"\}/)).toBeGreaterThanOrEqual(1);
  expect(value(text, /^laugh_votes_stored /)).not.toBeNull();
  expect(value(text, /^laugh_outbox_depth /)).not.toBeNull();
  expect(value(text, /^laugh_outbox_oldest_seconds /)).not.toBeNull();
  expect(text).toMatch(/^# HELP laugh_sync_last_success_age_seconds/m);
  expect(value(text, /^laugh_replication_configured /)).toBe(0);
  expect(value(text, /^nodejs_eventloop_lag_p99_seconds /)).not.toBeNull();
  expect(value(text, /^process_resident_memory_bytes /)).toBeGreaterThan(10_000_000);
});

test("/metrics without the token, or with a wrong one, is 401 and shows nothing @once", async () => {
  const tries: Record<string, string>[] = [
    {},
    { authorization: "Bearer wrong" },
    { authorization: TOKEN },
    { authorization: `Basic ${TOKEN}` },
  ];
  for (const headers of tries) {
    const res = await fetch(`${server.url}/metrics`, { headers });
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain("http_requests_total");
  }
});

test("the scraper's port answers /metrics only @once", async () => {
  const ok = await fetch(`http://127.0.0.1:${scraperPort}/metrics`);
  expect(ok.status).toBe(200);
  expect(await ok.text()).toContain("laugh_votes_stored");
  expect((await fetch(`http://127.0.0.1:${scraperPort}/`)).status).toBe(404);
  expect((await fetch(`http://127.0.0.1:${scraperPort}/admin`)).status).toBe(404);
});

test("without METRICS_TOKEN, /metrics does not exist (404) @once", async () => {
  await server.terminate();
  await server.restart({ METRICS_TOKEN: "", METRICS_PORT: "" });
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(404);
  expect(await res.text()).not.toContain("http_requests_total");
});

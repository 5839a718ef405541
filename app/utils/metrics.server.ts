import client from "prom-client";
import { ROUTE_GROUPS, routeGroup, type RouteGroup } from "~/lib/route-group";

/**
 * The Prometheus metrics (prom-client), served on /metrics (server/metrics.ts) to whoever holds
 * METRICS_TOKEN, and on METRICS_PORT to Fly's scraper inside the private network.
 *
 * One registry per process. Packages stay external in both bundles (build/server.js and the
 * Remix build), so this module's prom-client is the same instance for both; the registry lives
 * on globalThis for the same reason the outbox's wake-up hook does: each bundle has its own
 * copy of this module.
 */
type Metrics = {
  registry: client.Registry;
  requests: client.Counter<"group" | "status">;
  duration: client.Histogram<"group">;
  /** Prepared children, one per group (and per group and status once seen): no label hashing per request. */
  durationByGroup: Map<RouteGroup, client.Histogram.Internal<"group">>;
  requestsByKey: Map<string, client.Counter.Internal>;
};

const holder = globalThis as typeof globalThis & { __laughMetrics?: Metrics };

export function metrics(): Metrics {
  if (holder.__laughMetrics) return holder.__laughMetrics;
  const registry = new client.Registry();
  // Process figures: resident memory, heap, event-loop delay (perf_hooks' histogram), GC.
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requests = new client.Counter({
    name: "http_requests_total",
    help: "Answered HTTP requests by route group and status code.",
    labelNames: ["group", "status"] as const,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by route group.",
    labelNames: ["group"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const durationByGroup = new Map(ROUTE_GROUPS.map((g) => [g, duration.labels(g)] as const));
  holder.__laughMetrics = { registry, requests, duration, durationByGroup, requestsByKey: new Map() };
  return holder.__laughMetrics;
}

/**
 * Counts one answered request (called by the pipeline when the answer finishes). A map look-up
 * and two additions: the vote paths call it too.
 */
export function observeRequest(path: string, status: number, seconds: number) {
  const m = metrics();
  const group = routeGroup(path);
  const key = `${group} ${status}`;
  let counter = m.requestsByKey.get(key);
  if (!counter) {
    counter = m.requests.labels(group, String(status));
    m.requestsByKey.set(key, counter);
  }
  counter.inc();
  m.durationByGroup.get(group)!.observe(seconds);
}

/** A gauge whose value is read when the metrics are scraped (undefined: no sample this time). */
export function gaugeAtScrape(name: string, help: string, read: () => number | null | undefined) {
  const { registry } = metrics();
  if (registry.getSingleMetric(name)) registry.removeSingleMetric(name);
  new client.Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      const value = read();
      if (value == null || Number.isNaN(value)) this.reset();
      else this.set(value);
    },
  });
}

/** The text exposition format, and its content type. */
export async function renderMetrics() {
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}

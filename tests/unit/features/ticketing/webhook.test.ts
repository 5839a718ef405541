/**
 * The ticketing platform's webhook (issue 41): what a delivery may name, the route's answers,
 * and the worker that reads the named resource with the site's own token and refreshes that
 * one event (seats, sold out, a series date), idempotently.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, eventDates, events, ticketingJobs } from "~/db/schema";
import { handleEventbriteWebhook } from "~/features/ticketing/webhook.server";
import {
  isActedOn,
  isWebhookPath,
  redactWebhookSecret,
  targetOfPath,
  webhookTarget,
} from "~/lib/ticketing-webhook";
import { enqueueTicketingJob, listJobs } from "~/models/ticketing-jobs.server";
import { runEventbriteSync } from "~/services/eventbrite-sync.server";
import { processDueJobs, refreshPlatformEvent } from "~/services/ticketing-refresh.server";
import { closeDatabase, db, runMigrations } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { eventbriteFixture, startFakeEventbrite, type FakeEventbrite } from "../../../fakes/eventbrite";

const API = "https://www.eventbriteapi.com/v3";
const SECRET = "whsec-0123456789abcdef0123456789";

describe("what a delivery may name", () => {
  it("a resource of the configured API: an order, an event, an attendee, a ticket class", () => {
    expect(webhookTarget(`${API}/orders/123456789/`, API)).toEqual({
      kind: "order",
      path: "/orders/123456789/",
      orderId: "123456789",
    });
    expect(webhookTarget(`${API}/events/12345678901/`, API)).toMatchObject({
      kind: "event",
      eventId: "12345678901",
    });
    expect(webhookTarget(`${API}/events/12345678901/attendees/762511533/`, API)).toMatchObject({
      kind: "attendee",
      eventId: "12345678901",
    });
    expect(webhookTarget(`${API}/events/12345678901/ticket_classes/61579852/`, API)).toMatchObject({
      kind: "ticket_class",
      eventId: "12345678901",
    });
    // A local fake's base, with its port.
    expect(webhookTarget("http://127.0.0.1:4100/v3/orders/1/", "http://127.0.0.1:4100/v3")?.kind).toBe(
      "order",
    );
  });

  it("never another host, scheme, port, user, query, traversal or resource", () => {
    for (const url of [
      "https://evil.example/v3/orders/1/",
      "https://www.eventbriteapi.com.evil.example/v3/orders/1/",
      "http://www.eventbriteapi.com/v3/orders/1/",
      "https://www.eventbriteapi.com:8443/v3/orders/1/",
      "https://user:pw@www.eventbriteapi.com/v3/orders/1/",
      `${API}/orders/1/?expand=attendees`,
      `${API}/orders/1/#x`,
      `${API}/../v3/orders/1/`,
      "https://www.eventbriteapi.com/v2/orders/1/",
      `${API}/users/1/`,
      `${API}/orders/abc/`,
      `${API}/orders/1/x`,
      `${API}/events/1/attendees/`,
      "not a url",
      "",
    ])
      expect(webhookTarget(url, API), url).toBeNull();
    expect(targetOfPath("/events/1/ticket_classes/2/")?.kind).toBe("ticket_class");
    expect(targetOfPath("/events/1/orders/")).toBeNull();
  });

  it("acts on sales, ticket classes, events and attendees; the platform's test ping is only answered", () => {
    expect(
      ["order.placed", "ticket_class.updated", "event.updated", "attendee.checked_in"].every(isActedOn),
    ).toBe(true);
    expect(isActedOn("test")).toBe(false);
    expect(isActedOn("organizer.updated")).toBe(false);
  });

  it("the endpoint secret never reaches a log line", () => {
    expect(isWebhookPath("/webhooks/eventbrite/abc")).toBe(true);
    expect(redactWebhookSecret(`/webhooks/eventbrite/${SECRET}`)).toBe("/webhooks/eventbrite/[secret]");
    expect(redactWebhookSecret(`/webhooks/eventbrite/${SECRET}?x=1`)).toBe(
      "/webhooks/eventbrite/[secret]?x=1",
    );
    expect(redactWebhookSecret("/event/1")).toBe("/event/1");
  });
});

describe("the route and the worker against the fake platform", () => {
  let dir: string;
  let fake: FakeEventbrite;
  beforeAll(async () => {
    fake = await startFakeEventbrite();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-webhook-"));
    Object.assign(process.env, {
      DATABASE_PATH: path.join(dir, "app.db"),
      ALLOW_PRIVATE_FETCH: "true",
      EVENTBRITE_API_URL: fake.url,
      EVENTBRITE_TOKEN: fake.config().token,
      EVENTBRITE_ORGANIZATION_ID: fake.config().organizationId,
      EVENTBRITE_WEBHOOK_SECRET: SECRET,
    });
    resetEnvCache();
    runMigrations(db());
    const synced = await runEventbriteSync({ config: fake.config() });
    expect(synced.ok).toBe(true);
  });
  afterAll(async () => {
    closeDatabase();
    for (const k of [
      "DATABASE_PATH",
      "EVENTBRITE_API_URL",
      "EVENTBRITE_TOKEN",
      "EVENTBRITE_ORGANIZATION_ID",
      "EVENTBRITE_WEBHOOK_SECRET",
    ])
      delete process.env[k];
    resetEnvCache();
    fs.rmSync(dir, { recursive: true, force: true });
    await fake.close();
  });
  beforeEach(async () => {
    db().delete(ticketingJobs).run();
    await fetch(new URL("/__reset", fake.url), { method: "POST" });
  });

  const deliver = (body: unknown, secret = SECRET) =>
    handleEventbriteWebhook(
      new Request(`http://localhost/webhooks/eventbrite/${secret}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
      secret,
    );
  const delivery = (action: string, apiUrl: string) => ({
    ...eventbriteFixture<Record<string, unknown>>("webhook-order-placed"),
    config: { action, webhook_id: "1", user_id: "2", endpoint_url: "https://x/" },
    api_url: apiUrl,
  });
  const show = (externalId: string) =>
    db().select().from(events).where(eq(events.externalId, externalId)).get()!;

  it("refuses a wrong or missing secret (403), and says nothing when no secret is configured (404)", async () => {
    expect((await deliver(delivery("order.placed", `${fake.url}/orders/1/`), "wrong-secret")).status).toBe(
      403,
    );
    expect((await deliver(delivery("order.placed", `${fake.url}/orders/1/`), "")).status).toBe(403);
    process.env.EVENTBRITE_WEBHOOK_SECRET = "";
    resetEnvCache();
    expect((await deliver(delivery("order.placed", `${fake.url}/orders/1/`), "")).status).toBe(404);
    process.env.EVENTBRITE_WEBHOOK_SECRET = SECRET;
    resetEnvCache();
    expect(listJobs()).toEqual([]);
  });

  it("answers 400 to what is not a delivery or names another host, storing nothing", async () => {
    expect((await deliver("{not json")).status).toBe(400);
    expect((await deliver({ api_url: 1 })).status).toBe(400);
    const evil = await deliver(delivery("order.placed", "http://169.254.169.254/v3/orders/1/"));
    expect(evil.status).toBe(400);
    expect(listJobs()).toEqual([]);
  });

  it("answers the test ping and unknown actions 200 without doing anything", async () => {
    const ping = await deliver(delivery("test", `${fake.url}/users/1/`));
    expect(ping.status).toBe(200);
    expect(await ping.json()).toEqual({ ignored: "test" });
    expect(listJobs()).toEqual([]);
  });

  it("a sale that takes the last seats: queued at once (202), the worker reads the order and the event, the show is sold out", async () => {
    const before = show("9100000001");
    expect(before).toMatchObject({ seatsTotal: 120, seatsSold: 30, soldOut: false });
    // The checkout sells the 90 seats left (no webhook registered at the fake: delivered here).
    const order = await fake.order({ eventId: "9100000001", quantity: 90, email: "fan@example.com" });
    const answer = await deliver(delivery("order.placed", `${fake.url}/orders/${order.orderId}/`));
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ queued: true });
    expect(show("9100000001").seatsSold).toBe(30); // answered before any work

    fake.requests.length = 0;
    expect(await processDueJobs()).toBe(1);
    expect(fake.requests.map((r) => r.path.split("?")[0])).toEqual([
      `/orders/${order.orderId}/`,
      "/events/9100000001/",
    ]);
    expect(fake.requests.every((r) => r.authorization === `Bearer ${fake.config().token}`)).toBe(true);
    expect(show("9100000001")).toMatchObject({
      seatsTotal: 120,
      seatsSold: 120,
      salesStatus: "sold_out",
      soldOut: true,
      soldOutBy: "platform",
    });
    expect(listJobs()).toMatchObject([{ status: "done", eventExternalId: "9100000001" }]);
    // Selling out is worth an audit line; the full sync's "last run" is untouched.
    const audit = db().select().from(auditLog).where(eq(auditLog.action, "sync.webhook")).all();
    expect(audit.at(-1)?.after).toMatchObject({ changes: ["sold out: Fake Sync Headliner Night"] });
  });

  it("is idempotent: the same delivery twice is one job, refreshed once per burst, the same state", async () => {
    const order = await fake.order({ eventId: "9100000005", quantity: 2 });
    const body = delivery("order.placed", `${fake.url}/orders/${order.orderId}/`);
    expect((await deliver(body)).status).toBe(202);
    expect((await deliver(body)).status).toBe(202);
    expect(listJobs()).toHaveLength(1);
    // Two deliveries for the same event (the order and its attendee): one event refresh.
    expect(
      (
        await deliver(
          delivery("attendee.updated", `${fake.url}/events/9100000005/attendees/${order.attendeeIds[0]}/`),
        )
      ).status,
    ).toBe(202);
    fake.requests.length = 0;
    expect(await processDueJobs({ refreshedAt: new Map() })).toBe(2);
    expect(fake.requests.filter((r) => r.path.startsWith("/events/9100000005/?")).length).toBe(1);
    const once = show("9100000005");
    expect(once.seatsSold).toBe(54);
    expect((await deliver(body)).status).toBe(202);
    await processDueJobs();
    expect(show("9100000005")).toEqual({ ...once, lastSyncedAt: show("9100000005").lastSyncedAt });
  });

  it("a date of a series refreshes its show's dates", async () => {
    const occurrence = "92000000111";
    await fake.order({ eventId: occurrence, quantity: 3 });
    await fetch(new URL("/__seats", fake.url), {
      method: "POST",
      body: JSON.stringify({ eventId: occurrence, total: 40, sold: 37 }),
    });
    expect((await deliver(delivery("order.placed", `${fake.url}/events/${occurrence}/`))).status).toBe(202);
    await processDueJobs();
    const date = db().select().from(eventDates).where(eq(eventDates.externalId, occurrence)).get()!;
    expect(date).toMatchObject({ seatsTotal: 40, seatsSold: 37, salesStatus: "on_sale", soldOut: false });
  });

  it("leaves an event of another organisation alone, and fails a job for good on a 404", async () => {
    const other = await refreshPlatformEvent("9200000001", {
      config: { ...fake.config(), organizationId: "999" },
    });
    expect(other).toMatchObject({ refreshed: false, reason: "another organisation's event" });
    enqueueTicketingJob({ action: "order.placed", apiPath: "/orders/404404/" });
    await processDueJobs();
    expect(listJobs()).toMatchObject([{ status: "failed", attempts: 1 }]);
  });

  it("retries a job while the platform fails, then does it", async () => {
    enqueueTicketingJob({ action: "event.updated", apiPath: "/events/9100000001/" });
    fake.setMode("server-error");
    await processDueJobs();
    expect(listJobs()).toMatchObject([{ status: "pending", attempts: 1 }]);
    fake.setMode("ok");
    db().update(ticketingJobs).set({ nextAttemptAt: new Date() }).run();
    await processDueJobs();
    expect(listJobs()).toMatchObject([{ status: "done" }]);
  });
});

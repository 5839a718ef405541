import { describe, expect, it } from "vitest";
import { LagClock, parseLitestreamMetrics } from "~/lib/replication-lag";
import { routeGroup } from "~/lib/route-group";
import { recordAudit } from "~/models/audit.server";
import { operationalFigures } from "~/models/operations.server";
import { enqueueMail } from "~/models/outbox.server";
import { createTestDb } from "../../support/db";

describe("routeGroup", () => {
  it.each([
    ["/vote", "vote"],
    ["/vote/", "vote"],
    ["/vote/submit", "vote"],
    ["/VOTE", "vote"],
    ["/voter", "page"],
    ["/results", "results"],
    ["/results/stream", "results"],
    ["/admin", "admin"],
    ["/admin/staff", "admin"],
    ["/manage-comedians", "admin"],
    ["/booking", "admin"],
    ["/img/abc-50-50-w640.avif", "image"],
    ["/build/root-ABC.js", "asset"],
    ["/images/stock-show.jpg", "asset"],
    ["/healthcheck", "health"],
    ["/metrics", "metrics"],
    ["/calendar.ics", "feed"],
    ["/sitemap.xml", "feed"],
    ["/", "page"],
    ["/show/a-b-c-d-2026-01-01", "page"],
    ["/" + "x".repeat(5000), "page"],
  ])("%s is %s", (path, group) => {
    expect(routeGroup(path)).toBe(group);
  });
});

const litestream = (shadowIndex: number, shadowSize: number, replicaIndex: number, replicaOffset: number) =>
  [
    `litestream_shadow_wal_index{db="/data/app.db"} ${shadowIndex}`,
    `litestream_shadow_wal_size{db="/data/app.db"} ${shadowSize}`,
    `litestream_replica_wal_index{db="/data/app.db",name="s3"} ${replicaIndex}`,
    `litestream_replica_wal_offset{db="/data/app.db",name="s3"} ${replicaOffset}`,
  ].join("\n");

describe("replication lag from Litestream's figures", () => {
  it("reads the positions, and nothing before Litestream has read the database", () => {
    expect(parseLitestreamMetrics(litestream(0, 20632, 0, 20632))).toEqual({
      shadow: 20632,
      replica: 20632,
    });
    expect(parseLitestreamMetrics("litestream_db_size 4096\n")).toBeNull();
    // A later WAL index is further on whatever the offsets.
    const p = parseLitestreamMetrics(litestream(2, 100, 1, 999_999))!;
    expect(p.shadow).toBeGreaterThan(p.replica);
  });

  it("takes the local offset from the current shadow WAL file when it can be read (the metric counts every kept file)", () => {
    // After Litestream's checkpoint: index 1 holds 4,152 bytes, index 0's 4,017,032 are still kept.
    const text = litestream(1, 4_017_032 + 4_152, 1, 4_152);
    const p = parseLitestreamMetrics(text, (index) => (index === 1 ? 4_152 : null))!;
    expect(p.shadow).toBe(p.replica);
    // Without the file, the total: the replica looks behind (overstated, never understated).
    const total = parseLitestreamMetrics(text)!;
    expect(total.shadow).toBeGreaterThan(total.replica);
  });

  it("is 0 while the replica holds everything, however long nothing is written", () => {
    const clock = new LagClock();
    expect(clock.read({ shadow: 10, replica: 10 }, 0)).toBe(0);
    expect(clock.read({ shadow: 10, replica: 10 }, 3_600_000)).toBe(0);
  });

  it("counts from when the oldest write not yet off-site was first seen", () => {
    const clock = new LagClock();
    expect(clock.read({ shadow: 20, replica: 10 }, 1_000)).toBe(0);
    expect(clock.read({ shadow: 30, replica: 10 }, 6_000)).toBe(5);
    // The replica took the first write, not the second: the second's age counts now.
    expect(clock.read({ shadow: 30, replica: 20 }, 11_000)).toBe(5);
    expect(clock.read({ shadow: 30, replica: 30 }, 16_000)).toBe(0);
  });

  it("keeps counting while a busy database stays ahead of a replica that is down", () => {
    const clock = new LagClock();
    for (let t = 0; t <= 120_000; t += 5_000) clock.read({ shadow: 101 + t, replica: 100 }, t);
    expect(clock.read({ shadow: 200_000, replica: 100 }, 125_000)).toBe(125);
  });

  it("starts again when a new generation begins (positions from 0)", () => {
    const clock = new LagClock();
    clock.read({ shadow: 500, replica: 100 }, 0);
    expect(clock.read({ shadow: 50, replica: 50 }, 5_000)).toBe(0);
  });
});

describe("operationalFigures", () => {
  it("answers zeros and no sync on an empty database", () => {
    const figures = operationalFigures(createTestDb(), Date.now());
    expect(figures).toEqual({
      votesStored: 0,
      outboxDepth: 0,
      outboxOldestSeconds: 0,
      sinceLastSyncSeconds: null,
    });
  });

  it("counts waiting mail and its oldest age, and the last successful sync only", () => {
    const db = createTestDb();
    const now = Date.now();
    enqueueMail({ kind: "contact", to: "a@example.com", subject: "s", text: "t" }, db);
    enqueueMail({ kind: "contact", to: "b@example.com", subject: "s", text: "t" }, db);
    db.$client.prepare("update outbox set created_at = ? where id = 1").run(now - 90_000);
    recordAudit({ staff: null, action: "sync.run", entityType: "events", after: { ok: true } }, db);
    db.$client.prepare("update audit_log set created_at = ?").run(now - 600_000);
    recordAudit(
      { staff: null, action: "sync.run", entityType: "events", after: { ok: false, message: "x" } },
      db,
    );
    const figures = operationalFigures(db, now);
    expect(figures.outboxDepth).toBe(2);
    expect(figures.outboxOldestSeconds).toBeCloseTo(90, 0);
    expect(figures.sinceLastSyncSeconds).toBeCloseTo(600, 0);
  });
});

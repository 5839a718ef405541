/**
 * POST /admin/sync's handler (features/ticketing/sync-post.server.ts) on the server side: a
 * tampered post is a 400 that changes nothing; "hand back to the sync" clears a show's staff
 * edits, audited, and says so on the dashboard. (The Sync button itself runs the ticketing sync:
 * tests/unit/services/eventbrite-sync.test.ts and sync.spec.ts, against the platform's fake.)
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, events } from "~/db/schema";
import { handleSyncPost } from "~/features/ticketing/sync-post.server";
import { db } from "~/utils/db.server";
import { addStaff, flashOf, formPost, replyOf, useAppDatabase } from "../../../support/app-db";
import { insertShow } from "../../../support/shows";

useAppDatabase("sync-post");

const editedShow = () =>
  insertShow(db(), {
    title: "Synced and edited",
    source: "eventbrite",
    externalId: `eb-${Math.random().toString(36).slice(2)}`,
    staffEditedAt: new Date("2026-11-20T12:00:00Z"),
  });
const staffEdits = (id: number) =>
  db().select({ at: events.staffEditedAt }).from(events).where(eq(events.id, id)).get()?.at ?? null;

describe("the dashboard's sync posts", () => {
  it("an unknown intent, or a reset without its show: 400 with Conform's reply, the show's edits kept", async () => {
    const staff = addStaff("sync-a");
    const show = editedShow();
    for (const fields of [{ intent: "explode" }, { intent: "reset" }]) {
      const response = await handleSyncPost(formPost("/admin/sync", fields), staff);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect((await replyOf(response)).error, JSON.stringify(fields)).toBeDefined();
    }
    expect(staffEdits(show.id)).not.toBeNull();
  });

  it("hand a show back to the sync: its staff edits cleared and audited, and the dashboard says so", async () => {
    const staff = addStaff("sync-b");
    const show = editedShow();
    const response = await handleSyncPost(
      formPost("/admin/sync", { intent: "reset", eventId: String(show.id) }),
      staff,
    );
    expect([response.status, response.headers.get("Location")]).toEqual([302, "/admin"]);
    expect(await flashOf(response)).toEqual({
      type: "success",
      message: '"Synced and edited" will be updated by the next sync',
    });
    expect(staffEdits(show.id)).toBeNull();
    const audit = db().select().from(auditLog).where(eq(auditLog.action, "sync.reset")).all();
    expect(audit.map((a) => [a.entityId, a.staffUserId])).toEqual([[String(show.id), staff.id]]);
    // Again: nothing left to reset, and the dashboard says that instead.
    const again = await handleSyncPost(
      formPost("/admin/sync", { intent: "reset", eventId: String(show.id) }),
      staff,
    );
    expect(await flashOf(again)).toEqual({ type: "error", message: "That show has no staff edits to reset" });
  });
});

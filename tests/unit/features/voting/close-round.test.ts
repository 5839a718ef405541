/**
 * The Close button on /admin/rounds (features/voting/close-round.server.ts) on the server side:
 * a post without its round is a 400 that closes nothing; a good one closes the round (its votes
 * kept) and says so; a round already closed is said so.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { comedians, events, votingRounds } from "~/db/schema";
import { handleCloseRound } from "~/features/voting/close-round.server";
import { openRound } from "~/models/rounds.server";
import { db } from "~/utils/db.server";
import { addStaff, flashOf, formPost, replyOf, useAppDatabase } from "../../../support/app-db";

useAppDatabase("close-round");

function tonightsRound(staff: { id: number; username: string }) {
  const show = db()
    .insert(events)
    .values({ title: "Tonight", date: "2026-11-27", time: "20:00", venue: "Tonight venue" })
    .returning()
    .get();
  const comic = db().insert(comedians).values({ name: "Ada" }).returning().get();
  return openRound(
    {
      title: "Tonight's round",
      eventId: show.id,
      eventDate: show.date,
      comedianIds: [comic.id],
      opensAt: new Date(),
      roomSeats: null,
    },
    staff,
  );
}
const closedAt = (id: number) =>
  db().select({ at: votingRounds.closedAt }).from(votingRounds).where(eq(votingRounds.id, id)).get()?.at ??
  null;

describe("closing a round", () => {
  it("a post without the round's id: 400 with Conform's reply, the round still open", async () => {
    const staff = addStaff("close-a");
    const round = tonightsRound(staff);
    const response = await handleCloseRound(formPost("/admin/rounds?intent=close", {}), staff);
    expect(response.status).toBe(400);
    expect((await replyOf(response)).error).toHaveProperty("id");
    expect(closedAt(round.id)).toBeNull();
  });

  it("closes the round and says so; a second press says it is not open", async () => {
    const staff = addStaff("close-b");
    const round = tonightsRound(staff);
    const post = () =>
      handleCloseRound(formPost("/admin/rounds?intent=close", { id: String(round.id) }), staff);
    const closed = await post();
    expect([closed.status, closed.headers.get("Location")]).toEqual([302, "/admin/rounds"]);
    expect(await flashOf(closed)).toEqual({ type: "success", message: "Closed round: Tonight's round" });
    expect(closedAt(round.id)).not.toBeNull();
    expect(await flashOf(await post())).toEqual({ type: "error", message: "That round is not open." });
  });
});

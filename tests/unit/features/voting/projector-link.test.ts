import { afterEach, describe, expect, it, vi } from "vitest";
import { events } from "~/db/schema";
import { endOfTonight, makeProjectorLink, readProjectorLink } from "~/features/voting/projector-link.server";
import { openRound } from "~/models/rounds.server";
import { castVote } from "~/models/votes.server";
import { createTestDbWithStaff } from "../../../support/db";

afterEach(() => vi.useRealTimers());

function nightSetup() {
  const { db, staff } = createTestDbWithStaff();
  const show = (title: string, date: string) =>
    db
      .insert(events)
      .values({ title, date, time: "20:00", venue: `${title} venue` })
      .returning()
      .get();
  const tonight = show("Tonight", "2026-11-26");
  const nextWeek = show("Next week", "2026-12-03");
  const comics = ["Ada", "Bo", "Cy"].map(
    (name) =>
      db.$client.prepare("insert into comedians (name) values (?) returning id").get(name) as { id: number },
  );
  const open = (event: typeof tonight, opensAt = new Date()) =>
    openRound(
      {
        title: `${event.title} round`,
        eventId: event.id,
        eventDate: event.date,
        comedianIds: comics.map((c) => c.id),
        opensAt,
        roomSeats: null,
      },
      staff,
      db,
    );
  const vote = (roundId: number, n: number, opts: { ip?: string; comedian?: number; device?: string } = {}) =>
    castVote(
      {
        roundId,
        comedianId: comics[opts.comedian ?? 0].id,
        email: `v${n}@example.com`,
        emailKey: `v${n}@example.com`,
        voteToken: `token-${roundId}-${n}-0123456789`,
        ipAddress: opts.ip ?? "203.0.113.7",
        deviceId: opts.device ?? `device-${roundId}-${n}-0123`,
      },
      db,
    );
  return { db, staff, tonight, nextWeek, comics, open, vote };
}

describe("a staff member's projector link", () => {
  it("opens tonight's projector until 6 AM; a changed or old link is refused", async () => {
    const { db, staff, tonight, open } = nightSetup();
    const round = open(tonight);
    const link = await makeProjectorLink(round.id, staff, "https://laugh.example", new Date(), db);
    const token = link.url.split("/results/projector/")[1];
    expect(readProjectorLink(token)).toMatchObject({ roundId: round.id });
    expect(readProjectorLink(token.replace(/^\d+/, String(round.id + 1)))).toBeNull();
    expect(readProjectorLink(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBeNull();
    const ends = readProjectorLink(token)!.ends;
    expect(readProjectorLink(token, ends + 1)).toBeNull();
    expect(link.qr).toContain("<svg");
  });

  it("ends at the next 6 AM in the business time zone", () => {
    // 11 PM in Toronto on Nov 26 (04:00 UTC on the 27th): ends 6 AM on the 27th (11:00 UTC).
    expect(endOfTonight(new Date("2026-11-27T04:00:00Z")).toISOString()).toBe("2026-11-27T11:00:00.000Z");
    // 2 AM in Toronto: the same morning's 6 AM.
    expect(endOfTonight(new Date("2026-11-27T07:00:00Z")).toISOString()).toBe("2026-11-27T11:00:00.000Z");
    // 7 AM: the next morning's.
    expect(endOfTonight(new Date("2026-11-27T12:00:00Z")).toISOString()).toBe("2026-11-28T11:00:00.000Z");
  });
});

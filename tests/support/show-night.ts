// A show night for the unit tests: tonight's show and next week's, three comics, a staff member,
// and helpers to open a round for a show and cast numbered votes in it.
import { events } from "~/db/schema";
import { openRound } from "~/models/rounds.server";
import { castVote } from "~/models/votes.server";
import { createTestDbWithStaff } from "./db";

export function nightSetup() {
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

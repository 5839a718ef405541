/**
 * Issue 37, the rules behind a show night: one ballot per room, phones a few seconds old, the
 * host's alarm and voided bursts, the projector's words, the staff member's projector link.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { events, roundComedians, votes, votingRounds } from "~/db/schema";
import { endOfTonight, makeProjectorLink, readProjectorLink } from "~/features/voting/projector-link.server";
import { recordVote, roundAlarm } from "~/features/voting/vote-watch.server";
import { phaseText } from "~/lib/reveal";
import { deviceWaitMs, MIN_DEVICE_AGE_MS } from "~/lib/vote";
import { BURST_BUCKET_MS, comedianBursts, COMEDIAN_BURST_MIN } from "~/lib/vote-patterns";
import { ballotFor, closedRoundOfDevice, closeRound, getOpenRound, openRound } from "~/models/rounds.server";
import { castVote, roundStandings, voidBurst } from "~/models/votes.server";
import { deviceIssuedAt, newDeviceId } from "~/utils/vote-device.server";
import { createTestDbWithStaff } from "../support/db";

afterEach(() => vi.useRealTimers());

describe("a phone votes only once its cookie is a few seconds old", () => {
  it("reads the minting time from the signed id; an id without one is an old cookie", () => {
    const at = Date.now() - 5_000;
    expect(deviceIssuedAt(newDeviceId(at))).toBe(at);
    expect(deviceIssuedAt("abcdefghijklmnopqrstuvwx")).toBeNull();
    expect(deviceIssuedAt(`${"z".repeat(9)}abcdefghijklmnop`)).toBeNull();
  });

  it("waits out the rest of the minimum age, and not a moment more", () => {
    const now = 1_800_000_000_000;
    expect(deviceWaitMs(now, now)).toBe(MIN_DEVICE_AGE_MS);
    expect(deviceWaitMs(now - 1_000, now)).toBe(MIN_DEVICE_AGE_MS - 1_000);
    expect(deviceWaitMs(now - MIN_DEVICE_AGE_MS, now)).toBe(0);
    expect(deviceWaitMs(now - 60_000, now)).toBe(0);
    expect(deviceWaitMs(null, now)).toBe(0);
  });
});

describe("bursts for one comedian from one address", () => {
  const t0 = 1_800_000_000_000 - (1_800_000_000_000 % BURST_BUCKET_MS);
  it("finds a script's burst in a room's steady voting, adjacent buckets as one", () => {
    const counts = [
      // The room: everyone, a few at a time.
      ...[1, 2, 3, 4, 5].map((comedianId) => ({ ip: "203.0.113.7", comedianId, bucket: t0, votes: 6 })),
      // The script: 40 for comedian 2 in the next two buckets.
      { ip: "203.0.113.7", comedianId: 2, bucket: t0 + BURST_BUCKET_MS, votes: 30 },
      { ip: "203.0.113.7", comedianId: 1, bucket: t0 + BURST_BUCKET_MS, votes: 2 },
      { ip: "203.0.113.7", comedianId: 2, bucket: t0 + 2 * BURST_BUCKET_MS, votes: 25 },
    ];
    const found = comedianBursts(counts);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      ip: "203.0.113.7",
      comedianId: 2,
      from: t0 + BURST_BUCKET_MS,
      to: t0 + 3 * BURST_BUCKET_MS,
      votes: 55,
    });
    expect(found[0].share).toBeCloseTo(55 / 57);
  });

  it("finds a burst split across the buckets' edges (12 + 8 votes), and not a room's favourite over a minute", () => {
    const split = [
      { ip: "a", comedianId: 3, bucket: t0, votes: 12 },
      { ip: "a", comedianId: 3, bucket: t0 + BURST_BUCKET_MS, votes: 8 },
      { ip: "a", comedianId: 1, bucket: t0 + BURST_BUCKET_MS, votes: 1 },
    ];
    expect(comedianBursts(split)).toMatchObject([{ comedianId: 3, votes: 20 }]);
    // A 300-seat room: 10 votes every 2 s for a minute, 40% of them for one favourite.
    const room = Array.from({ length: 30 }, (_, i) => [
      { ip: "a", comedianId: 1, bucket: t0 + i * BURST_BUCKET_MS, votes: 4 },
      { ip: "a", comedianId: 2, bucket: t0 + i * BURST_BUCKET_MS, votes: 3 },
      { ip: "a", comedianId: 3, bucket: t0 + i * BURST_BUCKET_MS, votes: 3 },
    ]).flat();
    expect(comedianBursts(room)).toEqual([]);
  });

  it("leaves a favourite alone: below the minimum, or not standing out from the address's votes", () => {
    expect(comedianBursts([{ ip: "a", comedianId: 1, bucket: t0, votes: COMEDIAN_BURST_MIN - 1 }])).toEqual(
      [],
    );
    expect(
      comedianBursts([
        { ip: "a", comedianId: 1, bucket: t0, votes: 30 },
        { ip: "a", comedianId: 2, bucket: t0, votes: 20 },
      ]),
    ).toEqual([]);
    expect(comedianBursts([{ ip: "a", comedianId: 1, bucket: t0, votes: COMEDIAN_BURST_MIN }])).toHaveLength(
      1,
    );
  });
});

describe("the projector's words", () => {
  it("say open with the count, closed, revealing n of N, or the winner", () => {
    expect(phaseText({ kind: "open", votes: 1 })).toBe("Voting open · 1 vote");
    expect(phaseText({ kind: "open", votes: 300 })).toBe("Voting open · 300 votes");
    expect(phaseText({ kind: "closed", votes: 0 })).toBe("Voting closed · 0 votes");
    expect(phaseText({ kind: "revealing", shown: 2, of: 5 })).toBe("Revealing 2 of 5");
    expect(phaseText({ kind: "winner", names: ["Ada"], votes: 9 })).toBe("Winner: Ada");
    expect(phaseText({ kind: "winner", names: ["Ada", "Bo"], votes: 9 })).toBe("Winners: Ada and Bo");
    expect(phaseText({ kind: "scheduled" })).toBe("Voting has not opened yet");
  });
});

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

describe("one ballot per room", () => {
  it("opening next week's round never swaps tonight's ballot: each round by its id; plain /vote asks which show", () => {
    const { db, tonight, nextWeek, open } = nightSetup();
    const ours = open(tonight);
    expect(ballotFor(null, db)).toMatchObject({
      kind: "open",
      round: { id: ours.id, show: { title: "Tonight" } },
    });
    const theirs = open(nextWeek);
    expect(ballotFor(ours.id, db)).toMatchObject({ kind: "open", round: { id: ours.id } });
    const plain = ballotFor(null, db);
    expect(plain.kind).toBe("choose");
    expect(plain.kind === "choose" && plain.rounds.map((r) => r.id).sort()).toEqual(
      [ours.id, theirs.id].sort(),
    );
    expect(getOpenRound(null, db)).toBeUndefined();
  });

  it("after its round closes, a room's phones see it closed, never the round still open", () => {
    const { db, staff, tonight, nextWeek, open, vote } = nightSetup();
    const ours = open(tonight);
    const theirs = open(nextWeek);
    expect(vote(ours.id, 1, { device: "phone-in-the-room-0001" }).status).toBe("recorded");
    closeRound(ours.id, staff, db);
    expect(ballotFor(ours.id, db)).toMatchObject({
      kind: "closed",
      round: { id: ours.id, show: { title: "Tonight" } },
    });
    // Plain /vote would show the only open round (next week's) to a stranger...
    expect(ballotFor(null, db)).toMatchObject({ kind: "open", round: { id: theirs.id } });
    // ...but a phone that voted tonight is shown tonight's closed round.
    expect(closedRoundOfDevice("phone-in-the-room-0001", db)?.id).toBe(ours.id);
    expect(closedRoundOfDevice("another-phone-0000001", db)).toBeUndefined();
    // A vote sent to the closed round is refused, never moved to another round.
    expect(vote(ours.id, 2).status).toBe("round-closed");
    expect(db.select().from(votes).where(eq(votes.roundId, theirs.id)).all()).toHaveLength(0);
  });

  it("a scheduled round opens at its time; closing it before then calls it off", () => {
    const { db, staff, nextWeek, open } = nightSetup();
    const later = open(nextWeek, new Date(Date.now() + 3600_000));
    expect(ballotFor(later.id, db).kind).toBe("scheduled");
    expect(ballotFor(null, db).kind).toBe("none");
    expect(closeRound(later.id, staff, db)?.closedAt).toBeInstanceOf(Date);
    expect(ballotFor(later.id, db).kind).toBe("closed");
  });
});

describe("voiding a burst", () => {
  it("takes exactly the burst's votes off the standings, keeps them (their phones and e-mails still voted), audited", () => {
    const { db, staff, tonight, open, vote } = nightSetup();
    const round = open(tonight);
    for (let n = 0; n < 5; n++) vote(round.id, n, { comedian: n % 3 });
    for (let n = 100; n < 130; n++) vote(round.id, n, { ip: "198.51.100.9", comedian: 1 });
    const before = roundStandings(round.id, db);
    expect(before.total).toBe(35);
    const n = voidBurst(
      round.id,
      { ip: "198.51.100.9", comedianId: before.rows[0].comedianId, from: 0, to: Date.now() + 1000 },
      staff,
      db,
    );
    expect(n).toBe(30);
    const after = roundStandings(round.id, db);
    expect(after.total).toBe(5);
    expect(db.select().from(votes).where(eq(votes.roundId, round.id)).all()).toHaveLength(35);
    // The voided phones cannot vote again.
    expect(vote(round.id, 100, { ip: "198.51.100.9", comedian: 1 }).status).toBe("repeat");
    // Deleting a voided vote changes no tally (it was taken off when voided).
    db.delete(votes).where(eq(votes.ipAddress, "198.51.100.9")).run();
    expect(roundStandings(round.id, db).total).toBe(5);
    const audit = db.$client
      .prepare("select action, after from audit_log where action = 'round.void-burst'")
      .all() as {
      after: string;
    }[];
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].after)).toMatchObject({ voided: 30, ip: "198.51.100.9" });
    expect(db.select().from(roundComedians).all().length).toBeGreaterThan(0);
  });

  it("the live alarm lists the burst with the comedian's name", () => {
    const { db, tonight, open, comics } = nightSetup();
    const round = open(tonight);
    const at = 1_800_000_000_000;
    for (let i = 0; i < 25; i++) recordVote(round.id, "198.51.100.9", comics[2].id, at + i);
    for (let i = 0; i < 5; i++) recordVote(round.id, "203.0.113.7", comics[i % 3].id, at + i);
    const alarm = roundAlarm(round.id, db);
    expect(alarm.bursts).toHaveLength(1);
    expect(alarm.bursts[0]).toMatchObject({ ip: "198.51.100.9", name: "Cy", votes: 25, voided: false });
  });
});

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

describe("stored with the round", () => {
  it("a round keeps its show's date", () => {
    const { db, tonight, open } = nightSetup();
    const round = open(tonight);
    expect(db.select().from(votingRounds).where(eq(votingRounds.id, round.id)).get()).toMatchObject({
      eventId: tonight.id,
      eventDate: "2026-11-26",
    });
  });
});

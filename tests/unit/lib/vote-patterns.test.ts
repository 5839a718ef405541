/**
 * Issue 37, the rules behind a show night: one ballot per room, phones a few seconds old, the
 * host's alarm and voided bursts, the projector's words, the staff member's projector link.
 */
import { describe, expect, it, afterEach, vi } from "vitest";
import {
  bursts,
  deviceWithManyEmails,
  BURST_BUCKET_MS,
  comedianBursts,
  COMEDIAN_BURST_MIN,
} from "~/lib/vote-patterns";

afterEach(() => vi.useRealTimers());

describe("suspicious vote patterns", () => {
  it("lists a device refused with many e-mails and a burst from one IP", () => {
    const at = 1_800_000_000_000;
    const refusals = ["a@x.co", "b@x.co", "c@x.co", "c@x.co"].map((emailKey, i) => ({
      deviceId: "device-stuffer",
      emailKey,
      ip: "1.1.1.1",
      at: at + i,
    }));
    refusals.push({ deviceId: "device-honest", emailKey: "me@x.co", ip: "1.1.1.1", at });
    expect(deviceWithManyEmails(refusals)).toEqual([
      { device: "device", emails: 3, refusals: 4, lastAt: at + 3 },
    ]);
    const votes = Array.from({ length: 40 }, (_, i) => ({ ip: "2.2.2.2", at: at + i * 100 }));
    votes.push({ ip: "3.3.3.3", at });
    const found = bursts(votes);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ ip: "2.2.2.2", votes: 40 });
  });

  it("lists a device from three distinct e-mails on, the most e-mails first, then the latest", () => {
    const at = 1_800_000_000_000;
    const refusal = (deviceId: string, emailKey: string, when: number) => ({
      deviceId,
      emailKey,
      ip: "1.1.1.1",
      at: when,
    });
    // Two e-mails, refused three times: not listed.
    const twice = ["a@x.co", "b@x.co", "a@x.co"].map((e, i) => refusal("device-twice", e, at + i));
    expect(deviceWithManyEmails(twice)).toEqual([]);
    expect(deviceWithManyEmails(twice, 2)).toEqual([
      { device: "device", emails: 2, refusals: 3, lastAt: at + 2 },
    ]);
    const events = [
      // Arrives newest first: the last refusal is still the latest time.
      ...["a", "b", "c"].map((e, i) => refusal("early-3", `${e}@x.co`, at + 100 - i)),
      ...["a", "b", "c"].map((e, i) => refusal("later-3", `${e}@x.co`, at + 200 + i)),
      ...["a", "b", "c", "d"].map((e, i) => refusal("most-4", `${e}@x.co`, at + i)),
    ];
    expect(deviceWithManyEmails(events)).toEqual([
      { device: "most-4", emails: 4, refusals: 4, lastAt: at + 3 },
      { device: "later-", emails: 3, refusals: 3, lastAt: at + 202 },
      { device: "early-", emails: 3, refusals: 3, lastAt: at + 100 },
    ]);
  });

  it("lists a minute with more than 30 votes from one IP, by clock minute, the biggest then the latest first", () => {
    const minute = 1_800_000_000_000 - (1_800_000_000_000 % 60_000);
    const votes = (ip: string | null, n: number, start: number) =>
      Array.from({ length: n }, (_, i) => ({ ip, at: start + i }));
    // Exactly 30 in one minute is not a burst; 31 is.
    expect(bursts(votes("2.2.2.2", 30, minute))).toEqual([]);
    expect(bursts(votes("2.2.2.2", 31, minute))).toEqual([{ ip: "2.2.2.2", minute, votes: 31 }]);
    // Votes without an address are not counted.
    expect(bursts(votes(null, 40, minute))).toEqual([]);
    // 40 votes straddling the turn of a minute are two minutes of 20.
    expect(bursts(votes("2.2.2.2", 40, minute + 60_000 - 20))).toEqual([]);
    const found = bursts([
      ...votes("4.4.4.4", 35, minute),
      ...votes("5.5.5.5", 35, minute + 60_000),
      ...votes("6.6.6.6", 50, minute + 5_000),
    ]);
    expect(found).toEqual([
      { ip: "6.6.6.6", minute, votes: 50 },
      { ip: "5.5.5.5", minute: minute + 60_000, votes: 35 },
      { ip: "4.4.4.4", minute, votes: 35 },
    ]);
    expect(bursts(votes("2.2.2.2", 31, minute), 31)).toEqual([]);
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

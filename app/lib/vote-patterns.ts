/**
 * Patterns the host should look at on the results page: a device that kept trying new
 * e-mails after it had voted, and bursts of votes from one address in one minute. They are
 * shown, not acted on: a room of 300 on one Wi-Fi is a legitimate "burst" from one IP.
 */

export type RefusalEvent = { deviceId: string; emailKey: string; ip: string; at: number };
export type VoteEvent = { ip: string | null; at: number };

/** A device refused with this many distinct e-mails is listed. */
export const DEVICE_EMAILS_THRESHOLD = 3;
/** A minute with more votes than this from one IP is listed. */
export const BURST_PER_MINUTE_THRESHOLD = 30;

export type DevicePattern = { device: string; emails: number; refusals: number; lastAt: number };
export type BurstPattern = { ip: string; minute: number; votes: number };

export function deviceWithManyEmails(
  events: RefusalEvent[],
  threshold = DEVICE_EMAILS_THRESHOLD,
): DevicePattern[] {
  const byDevice = new Map<string, { emails: Set<string>; refusals: number; lastAt: number }>();
  for (const e of events) {
    const entry = byDevice.get(e.deviceId) ?? { emails: new Set<string>(), refusals: 0, lastAt: 0 };
    entry.emails.add(e.emailKey);
    entry.refusals += 1;
    entry.lastAt = Math.max(entry.lastAt, e.at);
    byDevice.set(e.deviceId, entry);
  }
  return [...byDevice.entries()]
    .filter(([, v]) => v.emails.size >= threshold)
    .map(([device, v]) => ({
      device: shortId(device),
      emails: v.emails.size,
      refusals: v.refusals,
      lastAt: v.lastAt,
    }))
    .sort((a, b) => b.emails - a.emails || b.lastAt - a.lastAt);
}

export function bursts(events: VoteEvent[], threshold = BURST_PER_MINUTE_THRESHOLD): BurstPattern[] {
  const counts = new Map<string, BurstPattern>();
  for (const e of events) {
    if (!e.ip) continue;
    const minute = Math.floor(e.at / 60_000) * 60_000;
    const key = `${e.ip}|${minute}`;
    const entry = counts.get(key) ?? { ip: e.ip, minute, votes: 0 };
    entry.votes += 1;
    counts.set(key, entry);
  }
  return [...counts.values()]
    .filter((b) => b.votes > threshold)
    .sort((a, b) => b.votes - a.votes || b.minute - a.minute);
}

/** Enough of a device id to tell two apart on screen, not enough to reuse it. */
export function shortId(id: string) {
  return id.slice(0, 6);
}

/*
 * Issue 37: the host's live alarm. A budget of the round refused an address (a script, or a
 * room bigger than the round's size), or one address sent a burst of votes for one comedian:
 * within one BURST_BUCKET_MS bucket (two seconds), at least COMEDIAN_BURST_MIN votes for one comedian
 * making at least COMEDIAN_BURST_SHARE of that address's votes then. A room votes for everyone, at
 * the pace of people reading and typing (a 300-seat room, about 5 votes a second in all); a script
 * votes for one comedian as fast as it can.
 */
export const BURST_BUCKET_MS = 2_000;
export const COMEDIAN_BURST_MIN = 15;
export const COMEDIAN_BURST_SHARE = 2 / 3;

export type BucketCount = {
  ip: string;
  comedianId: number;
  bucket: number;
  votes: number;
  /** The first and last vote's time in the bucket (ms), when known: a burst's range is theirs. */
  firstAt?: number;
  lastAt?: number;
};
export type ComedianBurst = {
  ip: string;
  comedianId: number;
  from: number;
  to: number;
  votes: number;
  share: number;
};

/** A burst is looked for in windows of this many buckets (six seconds), sliding a bucket at a time. */
export const BURST_WINDOW_BUCKETS = 3;

/**
 * Bursts for one comedian from one address, from per-bucket counts: every window of
 * BURST_WINDOW_BUCKETS consecutive buckets in which one comedian has at least `min` of the
 * address's votes and at least `share` of them; overlapping windows of the same address and
 * comedian are one burst. Its range runs from its first to its last vote (when the buckets know
 * them), so voiding it takes as few of the room's votes in those seconds as possible.
 */
export function comedianBursts(
  counts: BucketCount[],
  min = COMEDIAN_BURST_MIN,
  share = COMEDIAN_BURST_SHARE,
): ComedianBurst[] {
  const width = BURST_WINDOW_BUCKETS * BURST_BUCKET_MS;
  const perAddress = new Map<string, number>();
  const perComedian = new Map<string, BucketCount[]>();
  for (const c of counts) {
    const at = `${c.ip}|${c.bucket}`;
    perAddress.set(at, (perAddress.get(at) ?? 0) + c.votes);
    const key = `${c.ip}|${c.comedianId}`;
    const list = perComedian.get(key);
    if (list) list.push(c);
    else perComedian.set(key, [c]);
  }
  const addressVotes = (ip: string, from: number, to: number) => {
    let n = 0;
    for (let b = from; b < to; b += BURST_BUCKET_MS) n += perAddress.get(`${ip}|${b}`) ?? 0;
    return n;
  };
  const out: ComedianBurst[] = [];
  for (const list of perComedian.values()) {
    list.sort((x, y) => x.bucket - y.bucket);
    // The windows (from each bucket with votes) in which the comedian stands out, joined into runs.
    const runs: { start: number; end: number }[] = [];
    for (const first of list) {
      const end = first.bucket + width;
      const votes = list
        .filter((c) => c.bucket >= first.bucket && c.bucket < end)
        .reduce((n, c) => n + c.votes, 0);
      if (votes < min || votes < share * addressVotes(first.ip, first.bucket, end)) continue;
      const last = runs[runs.length - 1];
      if (last && first.bucket <= last.end) last.end = Math.max(last.end, end);
      else runs.push({ start: first.bucket, end });
    }
    for (const run of runs) {
      // Trimmed to the buckets where the comedian stands out on its own: the room's votes just
      // before and after the burst stay out of it (and out of a void).
      const standsOut = (c: BucketCount) =>
        c.votes >= share * (perAddress.get(`${c.ip}|${c.bucket}`) ?? c.votes);
      const window = list.filter((c) => c.bucket >= run.start && c.bucket < run.end);
      const first = window.findIndex(standsOut);
      const last = window.length - 1 - [...window].reverse().findIndex(standsOut);
      const inRun = first === -1 ? window : window.slice(first, last + 1);
      if (inRun.reduce((n, c) => n + c.votes, 0) < min) continue;
      run.start = inRun[0].bucket;
      run.end = inRun[inRun.length - 1].bucket + BURST_BUCKET_MS;
      const votes = inRun.reduce((n, c) => n + c.votes, 0);
      out.push({
        ip: list[0].ip,
        comedianId: list[0].comedianId,
        from: Math.min(...inRun.map((c) => c.firstAt ?? c.bucket)),
        to: Math.max(
          ...inRun.map((c) => (c.lastAt !== undefined ? c.lastAt + 1 : c.bucket + BURST_BUCKET_MS)),
        ),
        votes,
        share: votes / addressVotes(list[0].ip, run.start, run.end),
      });
    }
  }
  return out.sort((x, y) => y.votes - x.votes || y.from - x.from);
}

/** The host's alarm as the page and the results stream carry it (names looked up by the server). */
export type AlarmView = {
  budgetHits: {
    budget: "newPhones" | "votes";
    ip: string;
    refused: number;
    firstAt: number;
    lastAt: number;
  }[];
  bursts: (ComedianBurst & { name: string; voided: boolean })[];
};

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

/**
 * Comedians and show line-ups: the display and ordering rules (pure, unit tested in
 * tests/unit/lib/lineup.test.ts). The data lives in `comedians` and `event_comedians`.
 */
import type { HeadshotRef } from "./headshots";
import { parseId } from "./ids";
import { nameSlug } from "./slug";

export const LINEUP_ROLES = ["host", "headliner", "feature", "opener"] as const;
export type LineupRole = (typeof LINEUP_ROLES)[number];

export const ROLE_LABELS: Record<LineupRole, string> = {
  host: "Host",
  headliner: "Headliner",
  feature: "Feature",
  opener: "Opener",
};

/** Most comedians on one show's line-up (a showcase has a dozen at most). */
export const MAX_LINEUP = 20;
/** Names written out on a card before "and N more". */
export const CARD_NAMES_SHOWN = 4;

/** One comedian on a show's line-up, as pages see it (plain JSON). */
export type LineupEntry = {
  comedianId: number;
  name: string;
  slug: string;
  role: LineupRole;
  /** The comedian's headshot (square crops through the image pipeline), or null: initials. */
  headshot: HeadshotRef | null;
  /** The comedian's profile links (Instagram, TikTok, YouTube, website), already safe. */
  links: string[];
};

export function isLineupRole(value: unknown): value is LineupRole {
  return typeof value === "string" && (LINEUP_ROLES as readonly string[]).includes(value);
}

/** "A", "A and B", "A, B and C" (no serial comma, as the site writes elsewhere). */
export function joinNames(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * The names a card writes after "with": the line-up in running order, cut after
 * CARD_NAMES_SHOWN names with "N more" as the last item. Empty for an empty line-up.
 */
export function cardLineupNames<T extends { name: string }>(
  lineup: T[],
  max = CARD_NAMES_SHOWN,
): { shown: T[]; more: number } {
  if (lineup.length <= max) return { shown: lineup, more: 0 };
  // "with A, B, C and 2 more" reads better than leaving a single name out.
  const shown = lineup.slice(0, max - 1);
  return { shown, more: lineup.length - shown.length };
}

/** The card's line-up sentence as text: "with A, B and C" (or "" without a line-up). */
export function lineupSentence(lineup: { name: string }[], max = CARD_NAMES_SHOWN): string {
  if (lineup.length === 0) return "";
  const { shown, more } = cardLineupNames(lineup, max);
  const names = shown.map((c) => c.name);
  if (more > 0) names.push(`${more} more`);
  return `with ${joinNames(names)}`;
}

/**
 * A comedian's URL slug from a name: accents dropped ("José" -> "jose"), lower case,
 * anything else than letters and digits collapsed to single hyphens, at most 60 characters.
 * "comedian" when nothing is left (a name in another script).
 */
export function comedianSlug(name: string): string {
  return nameSlug(name, "comedian", 60);
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function comedianPath(comedian: { slug: string }): string {
  return `/comedians/${encodeURIComponent(comedian.slug)}`;
}

export const SOCIAL_KINDS = ["instagram", "tiktok", "youtube", "website"] as const;
export type SocialKind = (typeof SOCIAL_KINDS)[number];

export const SOCIAL_LABELS: Record<SocialKind, string> = {
  instagram: "Instagram",
  tiktok: "TikTok",
  youtube: "YouTube",
  website: "Website",
};

const SOCIAL_HOSTS: Record<
  Exclude<SocialKind, "website">,
  { hosts: string[]; handle: (h: string) => string }
> = {
  instagram: { hosts: ["instagram.com"], handle: (h) => `https://www.instagram.com/${h}` },
  tiktok: { hosts: ["tiktok.com"], handle: (h) => `https://www.tiktok.com/@${h}` },
  youtube: { hosts: ["youtube.com", "youtu.be"], handle: (h) => `https://www.youtube.com/@${h}` },
};

/**
 * A profile link as staff typed it, made a full https URL: "@handle" or "handle" becomes the
 * network's profile URL; a URL must be http(s) and, for a network, on that network's domain.
 * Empty input is null; anything else is an error message.
 */
export function normalizeSocialLink(
  kind: SocialKind,
  input: string,
): { url: string | null } | { error: string } {
  const value = input.trim();
  if (!value) return { url: null };
  if (kind !== "website") {
    const handle = /^@?([A-Za-z0-9._-]{1,60})$/.exec(value);
    if (handle && !value.includes("..") && !/\.(com|be)$/i.test(value))
      return { url: SOCIAL_HOSTS[kind].handle(handle[1]) };
  }
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`);
  } catch {
    return { error: "Enter a full URL starting with https://" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { error: "Enter a full URL starting with https://" };
  if (url.username || url.password) return { error: "Enter a link without a user name or password" };
  if (kind !== "website") {
    const host = url.hostname.toLowerCase().replace(/^(www|m)\./, "");
    if (!SOCIAL_HOSTS[kind].hosts.includes(host)) {
      const label = SOCIAL_LABELS[kind];
      return { error: `Enter ${/^[AEIOU]/.test(label) ? "an" : "a"} ${label} link or @handle` };
    }
  }
  return { url: url.href };
}

/**
 * The /comedians order: everyone with an upcoming show first (soonest show first, then by
 * name), then the rest by name.
 */
export function orderForIndex<T extends { name: string; nextDate: string | null }>(comedians: T[]): T[] {
  const byName = (a: T, b: T) => a.name.localeCompare(b.name, "en", { sensitivity: "base" });
  const booked = comedians
    .filter((c) => c.nextDate)
    .sort((a, b) => a.nextDate!.localeCompare(b.nextDate!) || byName(a, b));
  const rest = comedians.filter((c) => !c.nextDate).sort(byName);
  return [...booked, ...rest];
}

/** A line-up problem: of the list as a whole, or of one row's field. */
export type LineupProblem =
  { index: null; message: string } | { index: number; field: "comedianId" | "role"; message: string };

/**
 * Checks a posted line-up: every row names a comedian and a known role, nobody twice, at
 * most MAX_LINEUP rows. Answers the problems by row index ("" for the list as a whole).
 */
export function lineupProblems(rows: { comedianId?: string; role?: string }[]): LineupProblem[] {
  const problems: LineupProblem[] = [];
  if (rows.length > MAX_LINEUP)
    problems.push({ index: null, message: `At most ${MAX_LINEUP} comedians on a line-up` });
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (!row.comedianId || !parseId(row.comedianId)) {
      problems.push({ index, field: "comedianId", message: "Pick a comedian" });
    } else if (seen.has(row.comedianId)) {
      problems.push({ index, field: "comedianId", message: "This comedian is already on the line-up" });
    } else {
      seen.add(row.comedianId);
    }
    if (!isLineupRole(row.role)) problems.push({ index, field: "role", message: "Pick a role" });
  });
  return problems;
}

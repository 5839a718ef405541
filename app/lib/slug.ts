import { isIsoDate } from "./dates";

/** Lowercased title words with punctuation stripped. */
export function titleWords(title: string): string[] {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .split(/\s+/)
    .filter(Boolean);
}

/** The slug of a show: its first (up to) 4 title words, then YYYY-MM-DD, joined by hyphens. */
export function showSlug(show: { title: string; date: string }): string {
  return [...titleWords(show.title).slice(0, 4), show.date].join("-");
}

/**
 * The public path of a show: /show/{slug} when its slug can be found again (the spec's
 * 7-part rule needs at least 4 title words), otherwise /event/{id}.
 */
export function showPath(show: { id: number; title: string; date: string }): string {
  const slug = showSlug(show);
  return parseSlug(slug) ? `/show/${slug}` : `/event/${show.id}`;
}

/**
 * Reads a slug: at least 7 hyphen-separated parts whose last three form YYYY-MM-DD.
 * Null for anything else.
 */
export function parseSlug(slug: string): { words: string[]; date: string } | null {
  const parts = slug.toLowerCase().split("-");
  if (parts.length < 7) return null;
  const date = parts.slice(-3).join("-");
  if (!isIsoDate(date)) return null;
  return { words: parts.slice(0, -3).filter(Boolean), date };
}

/**
 * Whether a show matches a parsed slug: the date is the show's date (or one of `dates`), and at
 * least min(2, number of title words) of the slug's words appear in the lowercased title.
 */
export function slugMatches(
  parsed: { words: string[]; date: string },
  show: { title: string; date: string },
  dates: string[] = [],
): boolean {
  if (show.date !== parsed.date && !dates.includes(parsed.date)) return false;
  const title = show.title.toLowerCase();
  const needed = Math.min(2, title.split(/\s+/).filter(Boolean).length);
  const hits = parsed.words.filter((w) => title.includes(w)).length;
  return hits >= needed;
}

import { isIsoDate } from "./dates";

/**
 * The URL slug of a name (a comedian's, a venue's): accents dropped ("José" -> "jose"),
 * lower case, "&" read as "and", apostrophes dropped, anything else than letters and digits
 * collapsed to single hyphens, at most `maxLength` characters; `fallback` when nothing is
 * left (a name in another script).
 */
export function nameSlug(name: string, fallback: string, maxLength = Infinity): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/g, "");
  return slug || fallback;
}

/** The first of `base`, `base-2`, `base-3`... that `taken` does not hold. */
export function uniqueSlug(base: string, taken: (slug: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken(candidate)) return candidate;
  }
}

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

type SlugShow = { id: number; title: string; date: string };

/**
 * Every show's slug, unique among `shows` (issue 14): the spec's slug (first four title words
 * and the date) for the common case and for the first-made show (lowest id) of a group that
 * shares it; the others take more of their title's words until they differ, and the show's
 * id as a last word when the titles are the same. Every slug still parses (parseSlug) and
 * still matches its show (slugMatches).
 */
export function uniqueShowSlugs(shows: SlugShow[]): Map<number, string> {
  const result = new Map<number, string>();
  const groups = new Map<string, SlugShow[]>();
  for (const show of shows) {
    const base = showSlug(show);
    groups.set(base, [...(groups.get(base) ?? []), show]);
  }
  const taken = new Set(groups.keys());
  for (const [base, group] of groups) {
    const [first, ...rest] = [...group].sort((a, b) => a.id - b.id);
    result.set(first.id, base);
    for (const show of rest) {
      const words = titleWords(show.title);
      let slug: string | null = null;
      for (let n = 5; n <= words.length && !slug; n++) {
        const candidate = [...words.slice(0, n), show.date].join("-");
        if (!taken.has(candidate)) slug = candidate;
      }
      slug ??= [...words.slice(0, 4), String(show.id), show.date].join("-");
      taken.add(slug);
      result.set(show.id, slug);
    }
  }
  return result;
}

/** The public path of each show, unique among `shows` (see uniqueShowSlugs). */
export function uniqueShowPaths(shows: SlugShow[]): Map<number, string> {
  const slugs = uniqueShowSlugs(shows);
  return new Map(
    shows.map((s) => {
      const slug = slugs.get(s.id)!;
      return [s.id, parseSlug(slug) ? `/show/${slug}` : `/event/${s.id}`];
    }),
  );
}

export type SitemapEntry = { path: string; lastmod?: string };

/** The public pages listed in /sitemap.xml (show, venue and comedian pages are added from the database). */
export const PUBLIC_PAGES = [
  "/",
  "/calendar",
  "/club-shows",
  "/comedy-shows-windsor",
  "/epicdads",
  "/about",
  "/contact",
  "/merch",
  "/comedians",
  "/privacy",
] as const;

/** Staff and debug routes stay out of search engines (/robots.txt). */
export const ROBOTS_DISALLOW = [
  "/admin",
  "/booking",
  "/results",
  "/manage-comedians",
  "/test-delete",
  "/debug",
] as const;

const escapeXml = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** A sitemaps.org urlset. */
export function buildSitemap(origin: string, entries: SitemapEntry[]): string {
  const urls = entries
    .map((e) => {
      const loc = `<loc>${escapeXml(new URL(e.path, origin).href)}</loc>`;
      const lastmod = e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : "";
      return `  <url>${loc}${lastmod}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** A sitemap file holds at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** A sitemaps.org index of the parts /sitemap/1.xml … /sitemap/{parts}.xml. */
export function buildSitemapIndex(origin: string, parts: number): string {
  const items = Array.from(
    { length: parts },
    (_, i) => `  <sitemap><loc>${escapeXml(new URL(`/sitemap/${i + 1}.xml`, origin).href)}</loc></sitemap>`,
  ).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}

/**
 * One file of the sitemap: `part` null is /sitemap.xml, a urlset of every address while they
 * fit in one file, else an index of the parts; `part` n is /sitemap/n.xml, the n-th run of
 * `max` addresses. Null for a part that does not exist (a 404).
 */
export function sitemapFile(
  origin: string,
  entries: SitemapEntry[],
  part: number | null,
  max = SITEMAP_MAX_URLS,
): string | null {
  const parts = Math.ceil(entries.length / max);
  if (part === null) return parts <= 1 ? buildSitemap(origin, entries) : buildSitemapIndex(origin, parts);
  if (parts <= 1 || !Number.isInteger(part) || part < 1 || part > parts) return null;
  return buildSitemap(origin, entries.slice((part - 1) * max, part * max));
}

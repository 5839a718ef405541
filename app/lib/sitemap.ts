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

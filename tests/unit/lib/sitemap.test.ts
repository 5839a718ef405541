import { describe, expect, it } from "vitest";
import { buildSitemap, SITEMAP_MAX_URLS, sitemapFile } from "~/lib/sitemap";
import { showSlug } from "~/lib/slug";

describe("sitemap", () => {
  it("makes the spec's show slug: four title words without punctuation, then the date", () => {
    expect(showSlug({ title: "Game On! Comedy Game Show with host", date: "2026-05-16" })).toBe(
      "game-on-comedy-game-2026-05-16",
    );
    expect(showSlug({ title: "Colasanti's Night", date: "2026-07-01" })).toBe("colasantis-night-2026-07-01");
  });

  it("lists absolute, escaped URLs", () => {
    const xml = buildSitemap("https://laughwindsor.ca", [{ path: "/" }, { path: "/show/a&b-2026-01-01" }]);
    expect(xml).toContain("<loc>https://laughwindsor.ca/</loc>");
    expect(xml).toContain("<loc>https://laughwindsor.ca/show/a&amp;b-2026-01-01</loc>");
  });

  // Issue 19 (mutation testing): the whole file as a search engine reads it.
  it("writes one <url> per line, with a last-modified date only where one is known", () => {
    expect(
      buildSitemap("https://laughwindsor.ca", [{ path: "/" }, { path: "/o'brien", lastmod: "2026-05-16" }]),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        "  <url><loc>https://laughwindsor.ca/</loc></url>\n" +
        "  <url><loc>https://laughwindsor.ca/o&apos;brien</loc><lastmod>2026-05-16</lastmod></url>\n" +
        "</urlset>\n",
    );
  });

  it("keeps the file valid XML whatever text a date carries", () => {
    expect(buildSitemap("https://laughwindsor.ca", [{ path: "/", lastmod: `<a b="c">` }])).toContain(
      "<lastmod>&lt;a b=&quot;c&quot;&gt;</lastmod>",
    );
  });

  it("lists the parts of a split sitemap one per line", () => {
    const entries = Array.from({ length: 5 }, (_, i) => ({ path: `/p${i}` }));
    expect(sitemapFile("https://laughwindsor.ca", entries, null, 3)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        "  <sitemap><loc>https://laughwindsor.ca/sitemap/1.xml</loc></sitemap>\n" +
        "  <sitemap><loc>https://laughwindsor.ca/sitemap/2.xml</loc></sitemap>\n" +
        "</sitemapindex>\n",
    );
  });
});

describe("sitemap files (issue 20: over 50,000 addresses)", () => {
  const entries = Array.from({ length: 7 }, (_, i) => ({ path: `/show/p${i}` }));
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

  it("is one urlset while the addresses fit, with no parts", () => {
    const xml = sitemapFile("https://laughwindsor.ca", entries, null, 10)!;
    expect(xml).toContain("<urlset");
    expect(locs(xml)).toHaveLength(7);
    expect(sitemapFile("https://laughwindsor.ca", entries, 1, 10)).toBeNull();
  });

  it("becomes an index of parts past the limit, each part a urlset of the next run", () => {
    const index = sitemapFile("https://laughwindsor.ca", entries, null, 3)!;
    expect(index).toContain("<sitemapindex");
    expect(locs(index)).toEqual([1, 2, 3].map((n) => `https://laughwindsor.ca/sitemap/${n}.xml`));
    expect(locs(sitemapFile("https://laughwindsor.ca", entries, 3, 3)!)).toEqual([
      "https://laughwindsor.ca/show/p6",
    ]);
    expect(locs(sitemapFile("https://laughwindsor.ca", entries, 1, 3)!)).toHaveLength(3);
    for (const part of [0, 4, 1.5])
      expect(sitemapFile("https://laughwindsor.ca", entries, part, 3)).toBeNull();
    expect(SITEMAP_MAX_URLS).toBe(50_000);
  });
});

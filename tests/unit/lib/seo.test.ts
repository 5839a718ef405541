import { describe, expect, it } from "vitest";
import { seoMeta } from "~/lib/seo";
import { SITE } from "~/lib/site";

// What a search result and a shared link preview show for a page.
const tag = (tags: Record<string, string>[], key: string, value: string) =>
  tags.find((t) => t[key] === value);

describe("seoMeta", () => {
  it("gives the title, description and Open Graph/Twitter tags of a page", () => {
    const tags = seoMeta({
      title: "Shows",
      description: "All the shows",
      url: "https://laugh.example/shows",
      type: "article",
    });
    expect(tags).toEqual([
      { title: "Shows" },
      { name: "description", content: "All the shows" },
      { property: "og:title", content: "Shows" },
      { property: "og:description", content: "All the shows" },
      { property: "og:type", content: "article" },
      { property: "og:site_name", content: SITE.name },
      { name: "twitter:card", content: "summary" },
      { name: "twitter:title", content: "Shows" },
      { name: "twitter:description", content: "All the shows" },
      { property: "og:url", content: "https://laugh.example/shows" },
      { tagName: "link", rel: "canonical", href: "https://laugh.example/shows" },
    ]);
  });

  it("falls back to the site's description and the website type, and leaves out url, image and robots when not given", () => {
    const tags = seoMeta({ title: "Home" });
    expect(tag(tags, "name", "description")?.content).toBe(SITE.description);
    expect(tag(tags, "property", "og:type")?.content).toBe("website");
    expect(tags).toHaveLength(9);
    expect(tags.some((t) => t.rel === "canonical" || t.name === "robots" || t.property === "og:image")).toBe(
      false,
    );
  });

  it("makes a root-relative image absolute on the site's origin and asks for the large card", () => {
    const tags = seoMeta({ title: "Show", image: "/images/poster.jpg", origin: "https://laugh.example" });
    expect(tag(tags, "property", "og:image")?.content).toBe("https://laugh.example/images/poster.jpg");
    expect(tag(tags, "name", "twitter:image")?.content).toBe("https://laugh.example/images/poster.jpg");
    expect(tag(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
  });

  it("keeps an absolute image as given, and a relative one as given when no origin is known", () => {
    const abs = seoMeta({
      title: "Show",
      image: "https://cdn.example/p.jpg",
      origin: "https://laugh.example",
    });
    expect(tag(abs, "property", "og:image")?.content).toBe("https://cdn.example/p.jpg");
    const rel = seoMeta({ title: "Show", image: "/p.jpg" });
    expect(tag(rel, "property", "og:image")?.content).toBe("/p.jpg");
    expect(tag(seoMeta({ title: "Show", image: null }), "property", "og:image")).toBeUndefined();
  });

  it("keeps a page out of search results when asked", () => {
    expect(tag(seoMeta({ title: "Staff", noindex: true }), "name", "robots")?.content).toBe("noindex");
    expect(tag(seoMeta({ title: "Staff", noindex: false }), "name", "robots")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import {
  nameSlug,
  parseSlug,
  showPath,
  showSlug,
  slugMatches,
  titleWords,
  uniqueShowPaths,
  uniqueShowSlugs,
  uniqueSlug,
} from "~/lib/slug";

describe("showSlug", () => {
  it("uses the first 4 lowercased title words without punctuation, then the date", () => {
    expect(showSlug({ title: "Sip & Giggle at the Winery!", date: "2026-06-12" })).toBe(
      "sip-giggle-at-the-2026-06-12",
    );
    expect(showSlug({ title: "2 Minutes to Kill - Comedy Competition", date: "2026-01-02" })).toBe(
      "2-minutes-to-kill-2026-01-02",
    );
  });
  it("uses fewer words for short titles", () => {
    expect(showSlug({ title: "Game On!", date: "2026-05-16" })).toBe("game-on-2026-05-16");
    expect(titleWords("Farm Fresh Funny at Colasanti's")).toEqual([
      "farm",
      "fresh",
      "funny",
      "at",
      "colasantis",
    ]);
  });
});

describe("parseSlug", () => {
  it("needs at least 7 parts ending in a real date", () => {
    expect(parseSlug("laughs-on-the-waterfront-2026-06-12")).toEqual({
      words: ["laughs", "on", "the", "waterfront"],
      date: "2026-06-12",
    });
    expect(parseSlug("game-on-2026-05-16")).toBeNull();
    expect(parseSlug("a-b-c-d-2026-13-40")).toBeNull();
    expect(parseSlug("a-b-c-d-e-f-g")).toBeNull();
  });
});

describe("slugMatches", () => {
  const show = { title: "Laughs on the Waterfront", date: "2026-06-12" };
  it("matches the same date with at least 2 slug words in the title", () => {
    expect(slugMatches(parseSlug("laughs-waterfront-xx-yy-2026-06-12")!, show)).toBe(true);
    expect(slugMatches(parseSlug("laughs-xx-yy-zz-2026-06-12")!, show)).toBe(false);
  });
  it("refuses another date unless it is one of the show's dates", () => {
    const parsed = parseSlug("laughs-on-the-waterfront-2026-06-26")!;
    expect(slugMatches(parsed, show)).toBe(false);
    expect(slugMatches(parsed, show, ["2026-06-26"])).toBe(true);
  });
  it("needs only one word for a one-word title", () => {
    expect(slugMatches(parseSlug("roast-x-y-z-2026-06-12")!, { title: "Roast", date: "2026-06-12" })).toBe(
      true,
    );
  });
});

describe("showPath", () => {
  it("uses the slug when it can be found again, else the id (fewer than 4 title words)", () => {
    expect(showPath({ id: 7, title: "Sip & Giggle at the Winery!", date: "2026-06-12" })).toBe(
      "/show/sip-giggle-at-the-2026-06-12",
    );
    expect(showPath({ id: 8, title: "New Material Night", date: "2026-12-01" })).toBe("/event/8");
  });
});

describe("nameSlug (comedians' and venues' slugs)", () => {
  it("drops accents and apostrophes, reads & as and, joins the rest with single hyphens", () => {
    expect(nameSlug("  José O'Neil & Co. ", "x")).toBe("jose-oneil-and-co");
    expect(nameSlug("a -- b", "x")).toBe("a-b");
  });
  it("answers the fallback when nothing is left", () => {
    expect(nameSlug("李小龍", "comedian")).toBe("comedian");
    expect(nameSlug("!!!", "venue")).toBe("venue");
  });
  it("cuts at the length given without leaving a trailing hyphen; no length, no cut", () => {
    expect(nameSlug("abcd efgh", "x", 5)).toBe("abcd");
    expect(nameSlug("abcd efgh", "x", 4)).toBe("abcd");
    expect(nameSlug("abcd efgh", "x")).toBe("abcd-efgh");
  });
});

describe("uniqueSlug", () => {
  it("keeps a free base, else the first free numbered one", () => {
    expect(uniqueSlug("ann", () => false)).toBe("ann");
    expect(uniqueSlug("ann", (s) => s === "ann")).toBe("ann-2");
    expect(uniqueSlug("ann", (s) => s === "ann" || s === "ann-2")).toBe("ann-3");
  });
});

describe("slugs read back as typed in a browser", () => {
  it("reads a slug in capitals, and skips empty words", () => {
    expect(parseSlug("Laughs-On-The-Waterfront-2026-06-12")).toEqual({
      words: ["laughs", "on", "the", "waterfront"],
      date: "2026-06-12",
    });
    expect(parseSlug("laughs--on-the-2026-06-12")).toEqual({
      words: ["laughs", "on", "the"],
      date: "2026-06-12",
    });
  });
  it("title words ignore spaces at the ends and runs of spaces", () => {
    expect(titleWords("  Game   On!  ")).toEqual(["game", "on"]);
  });
  it("a one-word title with spaces around it still needs only that word", () => {
    expect(slugMatches(parseSlug("roast-x-y-z-2026-06-12")!, { title: " Roast ", date: "2026-06-12" })).toBe(
      true,
    );
  });
  it("a two-word title needs both words", () => {
    const show = { title: "Comedy Roast", date: "2026-06-12" };
    expect(slugMatches(parseSlug("roast-q-j-k-2026-06-12")!, show)).toBe(false);
    expect(slugMatches(parseSlug("comedy-roast-y-z-2026-06-12")!, show)).toBe(true);
  });
  it("drops curly apostrophes and hyphens at the ends of a name", () => {
    expect(nameSlug("—O’Neil—", "x")).toBe("oneil");
  });
});

describe("uniqueShowPaths", () => {
  it("gives every show its own path: the slug when it parses, else /event/{id}", () => {
    const a = { id: 1, title: "Laughs on the Waterfront", date: "2026-06-12" };
    const b = { id: 2, title: "Laughs on the Waterfront", date: "2026-06-12" };
    const short = { id: 3, title: "Roast", date: "2026-06-12" };
    const paths = uniqueShowPaths([b, a, short]);
    expect(paths.get(1)).toBe("/show/laughs-on-the-waterfront-2026-06-12");
    expect(paths.get(2)).toBe("/show/laughs-on-the-waterfront-2-2026-06-12");
    expect(paths.get(3)).toBe("/event/3");
    expect([...paths.keys()]).toEqual([2, 1, 3]);
  });
  it("a later show takes one more title word, the first that is free", () => {
    const shows = [
      { id: 1, title: "Sip and Giggle at the Winery", date: "2026-06-12" },
      { id: 2, title: "Sip and Giggle at the Winery Late", date: "2026-06-12" },
      { id: 3, title: "Sip and Giggle at home", date: "2026-06-12" },
    ];
    const slugs = uniqueShowSlugs(shows);
    expect(slugs.get(1)).toBe("sip-and-giggle-at-2026-06-12");
    expect(slugs.get(2)).toBe("sip-and-giggle-at-the-2026-06-12");
    expect(slugs.get(3)).toBe("sip-and-giggle-at-home-2026-06-12");
  });
  it("takes as many more words as it needs to differ", () => {
    const shows = [
      { id: 1, title: "Laughs on the Waterfront", date: "2026-06-12" },
      { id: 2, title: "Laughs on the Waterfront Late Show", date: "2026-06-12" },
      { id: 3, title: "Laughs on the Waterfront Late Night", date: "2026-06-12" },
    ];
    const slugs = uniqueShowSlugs(shows);
    expect(slugs.get(2)).toBe("laughs-on-the-waterfront-late-2026-06-12");
    expect(slugs.get(3)).toBe("laughs-on-the-waterfront-late-night-2026-06-12");
  });
  it("the same long title three times on one day: the third takes the id after four words", () => {
    const shows = [1, 2, 3].map((id) => ({ id, title: "Laughs on the Waterfront Late", date: "2026-06-12" }));
    const slugs = uniqueShowSlugs(shows);
    expect([...slugs.values()]).toEqual([
      "laughs-on-the-waterfront-2026-06-12",
      "laughs-on-the-waterfront-late-2026-06-12",
      "laughs-on-the-waterfront-3-2026-06-12",
    ]);
  });
});

describe("unique slugs", () => {
  const hikes = { id: 7, title: "March 19, 20, & 21  - Full Moon Hikes", date: "2031-03-19" };
  const bathing = { id: 9, title: "March 19, 20, & 21 Full Moon - Forest Bathing", date: "2031-03-19" };
  it("the spec's slug for the common case and the first-made show; more words for the other", () => {
    const slugs = uniqueShowSlugs([bathing, hikes]);
    expect(slugs.get(7)).toBe("march-19-20-21-2031-03-19");
    expect(slugs.get(9)).toBe("march-19-20-21-full-2031-03-19");
    for (const [id, slug] of slugs) {
      const parsed = parseSlug(slug)!;
      expect(slugMatches(parsed, id === 7 ? hikes : bathing)).toBe(true);
    }
  });
  it("the same title twice on one day: the id keeps them apart", () => {
    const a = { id: 1, title: "Comedy Night", date: "2031-01-01" };
    const b = { id: 2, title: "Comedy Night", date: "2031-01-01" };
    const slugs = uniqueShowSlugs([a, b]);
    expect(new Set(slugs.values()).size).toBe(2);
    expect(slugs.get(2)).toBe("comedy-night-2-2031-01-01");
  });
});

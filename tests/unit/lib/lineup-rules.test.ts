import { describe, expect, it } from "vitest";
import {
  cardLineupNames,
  comedianPath,
  comedianSlug,
  isLineupRole,
  joinNames,
  lineupProblems,
  lineupSentence,
  MAX_LINEUP,
  normalizeSocialLink,
  orderForIndex,
  ROLE_LABELS,
  SLUG_PATTERN,
  SOCIAL_LABELS,
} from "~/lib/lineup";
import { uniqueSlug } from "~/lib/slug";

/** The line-up rules at their edges (app/lib/lineup.ts): what cards, comedian pages and the event form show. */

describe("names on a card", () => {
  it("writes up to four names, then three and 'N more'", () => {
    const people = ["Ann", "Bo", "Cy", "Di", "Ed"].map((name) => ({ name }));
    expect(lineupSentence(people.slice(0, 4))).toBe("with Ann, Bo, Cy and Di");
    expect(lineupSentence(people)).toBe("with Ann, Bo, Cy and 2 more");
    expect(cardLineupNames(people.slice(0, 4))).toEqual({ shown: people.slice(0, 4), more: 0 });
    expect(cardLineupNames(people)).toEqual({ shown: people.slice(0, 3), more: 2 });
    expect(lineupSentence([{ name: "Ann" }])).toBe("with Ann");
    expect(joinNames([])).toBe("");
    expect(joinNames(["A", "B"])).toBe("A and B");
  });
});

describe("comedian pages", () => {
  it("slugs are at most 60 characters and never end on a hyphen", () => {
    const slug = comedianSlug(`${"a".repeat(59)} b`);
    expect(slug).toBe("a".repeat(59));
    expect(comedianSlug("--Ann--")).toBe("ann");
    expect(comedianSlug("Ann’s  Show")).toBe("anns-show");
    expect(comedianSlug("ÉMILE")).toBe("emile");
    expect(SLUG_PATTERN.test(comedianSlug("A & B -- C"))).toBe(true);
    expect(SLUG_PATTERN.test("a--b")).toBe(false);
    expect(SLUG_PATTERN.test("-a")).toBe(false);
  });

  it("a free slug is kept; a taken one gets the first free number from 2", () => {
    expect(uniqueSlug("ann", () => false)).toBe("ann");
    expect(uniqueSlug("ann", (s) => s === "ann")).toBe("ann-2");
    expect(comedianPath({ slug: "josé" })).toBe("/comedians/jos%C3%A9");
  });

  it("labels roles and networks as people read them", () => {
    expect(ROLE_LABELS).toEqual({
      host: "Host",
      headliner: "Headliner",
      feature: "Feature",
      opener: "Opener",
    });
    expect(SOCIAL_LABELS).toEqual({
      instagram: "Instagram",
      tiktok: "TikTok",
      youtube: "YouTube",
      website: "Website",
    });
    expect(isLineupRole("host")).toBe(true);
    expect(isLineupRole("Host")).toBe(false);
    expect(isLineupRole(1)).toBe(false);
  });
});

describe("profile links", () => {
  it("turns a YouTube handle into its channel, with or without @", () => {
    expect(normalizeSocialLink("youtube", "@omar")).toEqual({ url: "https://www.youtube.com/@omar" });
    expect(normalizeSocialLink("instagram", " priya ")).toEqual({ url: "https://www.instagram.com/priya" });
  });

  it("reads a bare domain as a link, not a handle, and accepts the network's other hosts", () => {
    expect(normalizeSocialLink("instagram", "instagram.com")).toEqual({ url: "https://instagram.com/" });
    expect(normalizeSocialLink("youtube", "youtu.be")).toEqual({ url: "https://youtu.be/" });
    expect(normalizeSocialLink("youtube", "m.youtube.com/@omar")).toEqual({
      url: "https://m.youtube.com/@omar",
    });
    expect(normalizeSocialLink("tiktok", "www.tiktok.com/@sofia")).toEqual({
      url: "https://www.tiktok.com/@sofia",
    });
    expect(normalizeSocialLink("instagram", "a..b")).toEqual({ error: "Enter an Instagram link or @handle" });
  });

  it("says what is wrong with a link", () => {
    expect(normalizeSocialLink("website", "ftp://files.example")).toEqual({
      error: "Enter a full URL starting with https://",
    });
    expect(normalizeSocialLink("website", "https://exa mple.com")).toEqual({
      error: "Enter a full URL starting with https://",
    });
    expect(normalizeSocialLink("website", "https://me:pw@example.com")).toEqual({
      error: "Enter a link without a user name or password",
    });
    expect(normalizeSocialLink("website", "https://me@example.com")).toEqual({
      error: "Enter a link without a user name or password",
    });
    expect(normalizeSocialLink("tiktok", "https://evil.example/@x")).toEqual({
      error: "Enter a TikTok link or @handle",
    });
    expect(normalizeSocialLink("website", "http://example.com")).toEqual({ url: "http://example.com/" });
    expect(normalizeSocialLink("website", "HTTPS://Example.com/Me")).toEqual({
      url: "https://example.com/Me",
    });
    expect(normalizeSocialLink("instagram", "   ")).toEqual({ url: null });
  });

  it("reads what staff type without the https:// as they mean it", () => {
    // A website typed bare is a site, never taken for a handle.
    expect(normalizeSocialLink("website", "priyanair.ca")).toEqual({ url: "https://priyanair.ca/" });
    // A handle with a dot in it ("priya.comedy") is a handle: only a name ending in .com or .be is a host.
    expect(normalizeSocialLink("instagram", "priya.comedy")).toEqual({
      url: "https://www.instagram.com/priya.comedy",
    });
    // A colon later in the path is not a scheme.
    expect(normalizeSocialLink("website", "example.com/shows:2026")).toEqual({
      url: "https://example.com/shows:2026",
    });
  });
});

describe("the comedians index order", () => {
  it("booked first by date then name (any case), the rest by name", () => {
    const list = [
      { name: "bob", nextDate: null },
      { name: "Amy", nextDate: "2026-07-01" },
      { name: "al", nextDate: "2026-07-01" },
      { name: "Zed", nextDate: "2026-06-01" },
      { name: "Al", nextDate: null },
    ];
    expect(orderForIndex(list).map((c) => c.name)).toEqual(["Zed", "al", "Amy", "Al", "bob"]);
  });
});

describe("line-up problems", () => {
  it("names each row's problem, and the list's when it is too long", () => {
    expect(lineupProblems([{ comedianId: "x", role: "host" }, { role: "boss" }])).toEqual([
      { index: 0, field: "comedianId", message: "Pick a comedian" },
      { index: 1, field: "comedianId", message: "Pick a comedian" },
      { index: 1, field: "role", message: "Pick a role" },
    ]);
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ comedianId: String(i + 1), role: "feature" }));
    expect(lineupProblems(rows(MAX_LINEUP))).toEqual([]);
    expect(lineupProblems(rows(MAX_LINEUP + 1))).toEqual([
      { index: null, message: "At most 20 comedians on a line-up" },
    ]);
  });
});

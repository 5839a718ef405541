import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { comedianProfileSchema, comedianToFormDefaults } from "~/lib/comedian-form";
import { eventFormSchema } from "~/lib/event-form";
import { filterShows, NO_FILTERS } from "~/lib/filters";
import {
  comedianSlug,
  joinNames,
  lineupProblems,
  lineupSentence,
  normalizeSocialLink,
  orderForIndex,
  type LineupEntry,
  cardLineupNames,
  comedianPath,
  isLineupRole,
  MAX_LINEUP,
  ROLE_LABELS,
  SLUG_PATTERN,
  SOCIAL_LABELS,
} from "~/lib/lineup";
import { uniqueSlug } from "~/lib/slug";
import { showJsonLd } from "~/lib/structured-data";
import { gameOnShow } from "../../support/shows";

const entry = (name: string, over: Partial<LineupEntry> = {}): LineupEntry => ({
  comedianId: name.length,
  name,
  slug: comedianSlug(name),
  role: "feature",
  headshot: null,
  links: [],
  ...over,
});

describe("line-up sentence", () => {
  it("reads 'with A, B and C' in running order", () => {
    expect(joinNames(["A"])).toBe("A");
    expect(joinNames(["A", "B"])).toBe("A and B");
    expect(lineupSentence([entry("Ann"), entry("Bo"), entry("Cy")])).toBe("with Ann, Bo and Cy");
    expect(lineupSentence([])).toBe("");
  });

  it("cuts a long line-up to three names and 'N more'", () => {
    const five = ["A", "B", "C", "D", "E"].map((n) => entry(n));
    expect(lineupSentence(five)).toBe("with A, B, C and 2 more");
    expect(lineupSentence(five.slice(0, 4))).toBe("with A, B, C and D");
  });
});

describe("comedian slugs and links", () => {
  it("makes ASCII slugs, dropping accents and punctuation", () => {
    expect(comedianSlug("Hélène Tremblay")).toBe("helene-tremblay");
    expect(comedianSlug("  Big Mike O'Kafor! ")).toBe("big-mike-okafor");
    expect(comedianSlug("Salt & Pepper")).toBe("salt-and-pepper");
    expect(comedianSlug("李小龍")).toBe("comedian");
    expect(uniqueSlug("ann", (s) => s === "ann" || s === "ann-2")).toBe("ann-3");
  });

  it("turns handles into profile URLs and refuses other sites or schemes", () => {
    expect(normalizeSocialLink("instagram", "@priya.nair")).toEqual({
      url: "https://www.instagram.com/priya.nair",
    });
    expect(normalizeSocialLink("tiktok", "sofia")).toEqual({ url: "https://www.tiktok.com/@sofia" });
    expect(normalizeSocialLink("youtube", "https://youtube.com/@omar")).toEqual({
      url: "https://youtube.com/@omar",
    });
    expect(normalizeSocialLink("instagram", "https://evil.example/priya")).toHaveProperty("error");
    expect(normalizeSocialLink("website", "javascript:alert(1)")).toHaveProperty("error");
    expect(normalizeSocialLink("website", "example.com/me")).toEqual({ url: "https://example.com/me" });
    expect(normalizeSocialLink("website", "")).toEqual({ url: null });
  });
});

describe("/comedians order", () => {
  it("lists everyone with an upcoming show first, soonest first, then the rest by name", () => {
    const list = [
      { name: "Zed", nextDate: null },
      { name: "Amy", nextDate: null },
      { name: "Bob", nextDate: "2026-12-10" },
      { name: "Cat", nextDate: "2026-12-01" },
    ];
    expect(orderForIndex(list).map((c) => c.name)).toEqual(["Cat", "Bob", "Amy", "Zed"]);
  });
});

describe("line-up rules in the event form", () => {
  const base = {
    title: "Show",
    date: "2026-12-01",
    time: "8:00 PM",
    venue: "Tipsy Toucan",
    ticketUrl: "https://www.eventbrite.ca/e/x-tickets-1",
  };
  const form = (lineup: [string, string][]) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(base)) data.set(k, v);
    lineup.forEach(([id, role], i) => {
      data.set(`lineup[${i}].comedianId`, id);
      data.set(`lineup[${i}].role`, role);
    });
    return parseWithZod(data, { schema: eventFormSchema });
  };

  it("keeps the running order and roles", () => {
    const result = form([
      ["3", "host"],
      ["1", "headliner"],
    ]);
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value.lineup).toEqual([
      { comedianId: 3, role: "host" },
      { comedianId: 1, role: "headliner" },
    ]);
  });

  it("refuses a comedian twice, a missing comedian and an unknown role", () => {
    expect(
      lineupProblems([
        { comedianId: "1", role: "host" },
        { comedianId: "1", role: "feature" },
      ]),
    ).toEqual([{ index: 1, field: "comedianId", message: "This comedian is already on the line-up" }]);
    const result = form([
      ["", "host"],
      ["2", "mc"],
    ]);
    expect(result.status).toBe("error");
    const errors = result.reply().error ?? {};
    expect(errors["lineup[0].comedianId"]).toEqual(["Pick a comedian"]);
    expect(errors["lineup[1].role"]).toEqual(["Pick a role"]);
  });
});

describe("comedian profile form", () => {
  it("makes the slug from the name and normalises links", () => {
    const parsed = comedianProfileSchema.parse({ name: "Priya Nair", instagram: "@priya" });
    expect(parsed.slug).toBe("priya-nair");
    expect(parsed.slugGiven).toBe(false);
    expect(parsed.links.instagram).toBe("https://www.instagram.com/priya");
  });

  it("refuses a blank name, a bad slug and a focal point off the photo", () => {
    const result = comedianProfileSchema.safeParse({
      name: " ",
      slug: "Not A Slug",
      photoFocus: "50,101",
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["name", "slug", "photoFocus"]));
  });

  it("tells staff what is wrong with each field", () => {
    const issues = (values: Record<string, string>) =>
      comedianProfileSchema.safeParse(values).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(
      issues({
        name: " ",
        slug: "Not A Slug",
        photoFocus: "face",
        instagram: "https://example.com/x",
      }),
    ).toEqual([
      ["name", "Comedian name is required"],
      ["slug", "Use lower-case letters, digits and single hyphens, e.g. priya-nair"],
      ["photoFocus", "Enter two numbers from 0 to 100 (across, down), e.g. 50,30"],
      ["instagram", "Enter an Instagram link or @handle"],
    ]);
    const long = (n: number) => "x".repeat(n);
    expect(
      issues({
        name: long(101),
        slug: long(61),
        bio: long(501),
        instagram: long(2001),
        tiktok: long(2001),
        youtube: long(2001),
        website: long(2001),
      })?.filter(([, message]) => message.startsWith("Please keep")),
    ).toEqual([
      ["name", "Please keep the name under 100 characters"],
      ["slug", "Please keep the address under 60 characters"],
      ["bio", "Please keep the bio under 500 characters"],
      ["instagram", "Please keep this under 2000 characters"],
      ["tiktok", "Please keep this under 2000 characters"],
      ["youtube", "Please keep this under 2000 characters"],
      ["website", "Please keep this under 2000 characters"],
    ]);
  });

  it("keeps a slug staff gave, the headshot's focal point, a bio and every link; empty ones are none", () => {
    const parsed = comedianProfileSchema.parse({
      name: "Priya Nair",
      slug: "priya",
      bio: "Dad jokes",
      photoFocus: "40, 25",
      instagram: "@priya",
      tiktok: "@priya",
      youtube: "@priya",
      website: "https://priya.example",
    });
    expect(parsed).toMatchObject({
      slug: "priya",
      slugGiven: true,
      bio: "Dad jokes",
      photoFocus: { x: 40, y: 25 },
      removePhoto: false,
    });
    expect(Object.values(parsed.links).every((url) => url?.startsWith("https://"))).toBe(true);
    expect(parsed.links.website).toBe("https://priya.example/");
    expect(parsed.links.tiktok).not.toBe(parsed.links.youtube);
    const bare = comedianProfileSchema.parse({ name: "Priya Nair", bio: "", photoFocus: "" });
    expect(bare).toMatchObject({ bio: null, photoFocus: null, removePhoto: false });
    expect(comedianProfileSchema.parse({ name: "Priya Nair", removePhoto: "yes" }).removePhoto).toBe(true);
    expect(bare.links).toEqual({ instagram: null, tiktok: null, youtube: null, website: null });
  });

  it("fills the edit form from a stored comedian, empty text for what is missing", () => {
    const stored = {
      name: "Priya Nair",
      slug: null,
      bio: null,
      photoFocus: null,
      instagramUrl: null,
      tiktokUrl: null,
      youtubeUrl: null,
      websiteUrl: null,
    };
    expect(comedianToFormDefaults(stored)).toEqual({
      name: "Priya Nair",
      slug: "",
      bio: "",
      photoFocus: "",
      instagram: "",
      tiktok: "",
      youtube: "",
      website: "",
    });
    const full = {
      name: "Priya Nair",
      slug: "priya",
      bio: "Dad jokes",
      photoFocus: "50,20",
      instagramUrl: "https://www.instagram.com/priya",
      tiktokUrl: "https://www.tiktok.com/@priya",
      youtubeUrl: "https://www.youtube.com/@priya",
      websiteUrl: "https://priya.example/",
    };
    expect(comedianToFormDefaults(full)).toEqual({
      name: "Priya Nair",
      slug: "priya",
      bio: "Dad jokes",
      photoFocus: "50,20",
      instagram: full.instagramUrl,
      tiktok: full.tiktokUrl,
      youtube: full.youtubeUrl,
      website: full.websiteUrl,
    });
  });
});

describe("line-up on the public side", () => {
  const show = gameOnShow({
    lineup: [
      entry("Priya Nair", {
        role: "host",
        headshot: { hash: "0123456789abcdef", focus: { x: 50, y: 30 }, side: 800, placeholder: "" },
        links: ["https://www.instagram.com/priya"],
      }),
      entry("Marcus Bell", { role: "headliner" }),
    ],
  });

  it("puts every comedian in JSON-LD as a performer Person with url, image and sameAs", () => {
    const [event] = showJsonLd(show, "https://laughwindsor.ca");
    expect(event.performer).toEqual([
      {
        "@type": "Person",
        name: "Priya Nair",
        url: "https://laughwindsor.ca/comedians/priya-nair",
        image: "https://laughwindsor.ca/img/0123456789abcdef-50-30-s512.jpg",
        sameAs: ["https://www.instagram.com/priya"],
      },
      { "@type": "Person", name: "Marcus Bell", url: "https://laughwindsor.ca/comedians/marcus-bell" },
    ]);
    expect(showJsonLd(gameOnShow(), "https://laughwindsor.ca")[0]).not.toHaveProperty("performer");
  });

  it("search finds a show by a comedian's name", () => {
    const other = gameOnShow({ id: 7, title: "Other" });
    expect(filterShows([show, other], { ...NO_FILTERS, q: "marcus" }).map((s) => s.id)).toEqual([show.id]);
  });
});

describe("the line-up rules at their edges", () => {
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
      expect(normalizeSocialLink("instagram", "a..b")).toEqual({
        error: "Enter an Instagram link or @handle",
      });
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
});

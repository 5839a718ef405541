import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { applicationsCsv, spreadsheetSafe } from "~/lib/applications-csv";
import { buildSitemap, PUBLIC_PAGES } from "~/lib/sitemap";
import { showSlug } from "~/lib/slug";
import { addressForVenue, findVenuePage, VENUES } from "~/lib/venues";

describe("sitemap", () => {
  it("makes the spec's show slug: four title words without punctuation, then the date", () => {
    expect(showSlug({ title: "Game On! Comedy Game Show with host", date: "2026-05-16" })).toBe("game-on-comedy-game-2026-05-16");
    expect(showSlug({ title: "Colasanti's Night", date: "2026-07-01" })).toBe("colasantis-night-2026-07-01");
  });

  it("lists absolute, escaped URLs", () => {
    const xml = buildSitemap("https://laughwindsor.ca", [{ path: "/" }, { path: "/show/a&b-2026-01-01" }]);
    expect(xml).toContain("<loc>https://laughwindsor.ca/</loc>");
    expect(xml).toContain("<loc>https://laughwindsor.ca/show/a&amp;b-2026-01-01</loc>");
  });

  it("includes every venue page", () => {
    for (const v of VENUES) expect(PUBLIC_PAGES).toContain(`/${v.slug}`);
  });
});

describe("venues", () => {
  it("has the eight pages of the spec, each with the back link's sections", () => {
    expect(VENUES.map((v) => v.slug).sort()).toEqual(
      ["colasantis", "downtown-windsor", "manchester-pub", "mastronardi-winery", "tipsy-toucan", "walkerville-brewery", "windsor-comedy", "wolfhead-distillery"].sort(),
    );
    expect(findVenuePage("downtown-windsor")!.links.map((l) => l.to)).toContain("/calendar");
    expect(findVenuePage("windsor-comedy")!.links.map((l) => l.to).sort()).toEqual(["/", "/about", "/tipsy-toucan"]);
  });

  it("finds a show's venue address by its name, the city otherwise", () => {
    expect(addressForVenue("Mastronardi Estate Winery").addressLocality).toBe("Kingsville");
    expect(addressForVenue("Somewhere New").addressLocality).toBe("Windsor");
  });
});

describe("applications CSV", () => {
  it("has a header and one row per application, and neutralises spreadsheet formulas", () => {
    const csv = applicationsCsv([
      {
        id: 1,
        fullName: "=HYPERLINK(\"x\")",
        email: "a@example.com",
        mobileNumber: "+1 519 555 0100",
        isOver19: true,
        canAttendEvent: false,
        willAttendIfNotSelected: null,
        funBio: "Funny, \"really\"\nfunny",
        acceptsTerms: true,
        submitted: "2026-05-10 20:00",
      },
    ]);
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      full_name: "'=HYPERLINK(\"x\")",
      mobile_number: "'+1 519 555 0100",
      is_over_19: "yes",
      can_attend: "no",
      will_attend_if_not_selected: "",
      fun_bio: "Funny, \"really\"\nfunny",
    });
    expect(spreadsheetSafe("plain")).toBe("plain");
  });
});

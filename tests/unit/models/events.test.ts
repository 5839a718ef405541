import { describe, expect, it } from "vitest";
import { getShow, listShows } from "~/models/events.server";
import { seedDemoData } from "../../../scripts/seeds/demo";
import { createTestDb } from "../../support/db";

const TODAY = "2026-11-22";

describe("events model", () => {
  const db = createTestDb();
  seedDemoData(db, TODAY);

  it("lists active shows from a day on, with their recurring dates, in date order", () => {
    const shows = listShows({ from: TODAY }, db);
    expect(shows.length).toBeGreaterThan(6);
    expect(shows.every((s) => s.archivedAt === null)).toBe(true);
    expect(shows.map((s) => s.date)).toEqual([...shows.map((s) => s.date)].sort());
    const series = shows.find((s) => s.title.startsWith("Tuesday Night"));
    expect(series?.dates.length).toBe(5);
    expect(shows.some((s) => s.title === "Late Night Roast Battle")).toBe(false);
  });

  it("filters by venue, collection and archive state", () => {
    const toucan = listShows({ from: TODAY }, db).find((s) => s.venue === "Tipsy Toucan")!.venueRecord!;
    const atToucan = listShows({ from: TODAY, venueId: toucan.id }, db);
    expect(atToucan.length).toBeGreaterThan(1);
    expect(atToucan.every((s) => s.venueRecord?.slug === "tipsy-toucan")).toBe(true);
    // The club filter follows the flag (seeded from CLUB_VENUE's default, "Tipsy Toucan").
    expect(listShows({ from: TODAY, clubOnly: true }, db).map((s) => s.id)).toEqual(
      atToucan.map((s) => s.id),
    );
    const dads = listShows({ collectionSlug: "epicdads" }, db);
    expect(dads).toHaveLength(3);
    expect(dads[0].collection?.badge).toBe("Father's Day Special");
    const archived = listShows({ archived: "only" }, db);
    expect(archived.map((s) => s.title)).toEqual(["Summer Patio Send-Off"]);
  });

  it("gets one show by id and refuses nonsense ids", () => {
    const first = listShows({ from: TODAY }, db)[0];
    expect(getShow(first.id, db)?.title).toBe(first.title);
    expect(getShow(999999, db)).toBeNull();
    expect(getShow(Number.NaN, db)).toBeNull();
    expect(getShow(-1, db)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/dates";
import { CAROUSEL_MAX, CLUB_PREVIEW, EPIC_DADS_PREVIEW, GRID_SIZE, homeSections } from "~/lib/home-sections";

const TODAY = "2026-06-01";
type Item = {
  id: number;
  show: { collection: { slug: string } | null; venueRecord: { isClub: boolean } | null };
  next: { date: string };
};

function item(id: number, over: { epic?: boolean; club?: boolean; date?: string } = {}): Item {
  return {
    id,
    show: {
      collection: over.epic ? { slug: "epicdads" } : null,
      venueRecord: over.club === undefined ? null : { isClub: over.club },
    },
    next: { date: over.date ?? addDaysIso(TODAY, id) },
  };
}

const ids = (list: Item[]) => list.map((u) => u.id);

describe("homeSections", () => {
  it("fills each section from the front of its list", () => {
    const upcoming = Array.from({ length: 60 }, (_, i) => item(i, { club: i % 5 === 0 }));
    const s = homeSections(upcoming, upcoming.slice(10), TODAY, false);
    // The carousel: the upcoming shows the grid (10-15) leaves out.
    expect(ids(s.carousel)).toEqual(
      ids([...upcoming.slice(0, 10), ...upcoming.slice(16)].slice(0, CAROUSEL_MAX)),
    );
    expect(ids(s.club)).toEqual([0, 5].slice(0, CLUB_PREVIEW));
    expect(ids(s.grid)).toEqual(ids(upcoming.slice(10, 10 + GRID_SIZE)));
    expect(s.epicDads).toEqual([]);
  });

  it("puts each show in the grid or the carousel, never both (issue 42: no show three times)", () => {
    const upcoming = Array.from({ length: 14 }, (_, i) => item(i, { club: i < 3 }));
    const s = homeSections(upcoming, upcoming, TODAY, false);
    expect(ids(s.grid)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(ids(s.carousel)).toEqual([6, 7, 8, 9, 10, 11, 12, 13]);
    const times = (id: number) => Object.values(s).filter((list) => ids(list).includes(id)).length;
    expect(Math.max(...upcoming.map((u) => times(u.id)))).toBe(2);
    // Show All: the grid holds every show, the carousel none.
    const all = homeSections(upcoming, upcoming, TODAY, true);
    expect(all.grid).toHaveLength(14);
    expect(all.carousel).toEqual([]);
  });

  it("shows every filtered show behind Show All, and nothing when nothing matches", () => {
    const upcoming = Array.from({ length: 20 }, (_, i) => item(i));
    expect(homeSections(upcoming, upcoming.slice(3), TODAY, true).grid).toHaveLength(17);
    expect(homeSections(upcoming, [], TODAY, false).grid).toEqual([]);
  });

  it("shows the seasonal collection only while one of its shows is within six weeks", () => {
    const far = [item(1), item(2, { epic: true, date: addDaysIso(TODAY, 43) })];
    expect(homeSections(far, far, TODAY, false).epicDads).toEqual([]);
    const near = [
      item(1),
      ...[2, 3, 4, 5].map((id) => item(id, { epic: true, date: addDaysIso(TODAY, 40 + id) })),
    ];
    // One date within the lead (day 42) is enough; at most three cards.
    expect(ids(homeSections(near, near, TODAY, false).epicDads)).toEqual(
      [2, 3, 4].slice(0, EPIC_DADS_PREVIEW),
    );
  });

  it("leaves shows without a venue record, or at a venue that is not the club, out of the club section", () => {
    const upcoming = [item(1), item(2, { club: false }), item(3, { club: true })];
    expect(ids(homeSections(upcoming, upcoming, TODAY, false).club)).toEqual([3]);
  });
});

import { describe, expect, it } from "vitest";
import { computeStandings, formatPercentage, percentageOf } from "~/lib/results";

describe("standings", () => {
  it("sorts by votes, highest first, with percentages to one decimal and a total", () => {
    const s = computeStandings([
      { comedianId: 1, name: "Bea", votes: 1 },
      { comedianId: 2, name: "Al", votes: 2 },
      { comedianId: 3, name: "Cy", votes: 0 },
    ]);
    expect(s.total).toBe(3);
    expect(s.rows.map((r) => [r.rank, r.name, r.votes, r.percentage, r.leader])).toEqual([
      [1, "Al", 2, 66.7, true],
      [2, "Bea", 1, 33.3, false],
      [3, "Cy", 0, 0, false],
    ]);
  });

  it("breaks ties by name and gives tied comedians the same rank; both tied leaders are highlighted", () => {
    const s = computeStandings([
      { comedianId: 1, name: "Zed", votes: 3 },
      { comedianId: 2, name: "Amy", votes: 3 },
      { comedianId: 3, name: "Kim", votes: 1 },
    ]);
    expect(s.rows.map((r) => `${r.rank}:${r.name}:${r.leader}`)).toEqual([
      "1:Amy:true",
      "1:Zed:true",
      "3:Kim:false",
    ]);
  });

  it("has no leader and 0% when nobody has voted", () => {
    const s = computeStandings([{ comedianId: 1, name: "A", votes: 0 }]);
    expect(s.total).toBe(0);
    expect(s.rows[0]).toMatchObject({ percentage: 0, leader: false });
    expect(computeStandings([])).toEqual({ total: 0, rows: [] });
  });

  it("rounds half up to one decimal and formats with one decimal", () => {
    expect(percentageOf(1, 8)).toBe(12.5);
    expect(percentageOf(1, 3)).toBe(33.3);
    expect(percentageOf(2, 3)).toBe(66.7);
    expect(percentageOf(0, 0)).toBe(0);
    expect(formatPercentage(50)).toBe("50.0%");
    expect(formatPercentage(33.3)).toBe("33.3%");
  });
});

describe("standings: two comics of the same name", () => {
  it("keeps one order for them, the earlier sign-up first, whatever order the tallies came in", () => {
    const tallies = [
      { comedianId: 9, name: "Sam", votes: 3 },
      { comedianId: 4, name: "Sam", votes: 3 },
    ];
    expect(computeStandings(tallies).rows.map((r) => r.comedianId)).toEqual([4, 9]);
    expect(computeStandings([...tallies].reverse()).rows.map((r) => r.comedianId)).toEqual([4, 9]);
  });
});

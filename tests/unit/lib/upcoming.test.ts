import { describe, expect, it } from "vitest";
import { upcomingCutoff, upcomingShows } from "~/lib/upcoming";
import { makeShow } from "../../support/shows";

describe("upcoming", () => {
  it("cuts off at the start of today in the business zone", () => {
    // 03:30 UTC on the 2nd is still the 1st in Toronto.
    expect(upcomingCutoff("America/Toronto", new Date("2026-06-02T03:30:00Z"))).toBe("2026-06-01");
    expect(upcomingCutoff("UTC", new Date("2026-06-02T03:30:00Z"))).toBe("2026-06-02");
  });
  it("keeps shows with a date today or later, sorted by their next date, archived left out", () => {
    const today = "2026-06-10";
    const series = makeShow({
      date: "2026-06-03",
      dates: [
        { date: "2026-06-03", time: null, ticketUrl: null, price: null },
        { date: "2026-06-17", time: null, ticketUrl: null, price: null },
      ],
    });
    const todayShow = makeShow({ date: today });
    const past = makeShow({ date: "2026-06-09" });
    const archived = makeShow({ date: "2026-06-11", archivedAt: "2026-06-01T00:00:00Z" });
    const list = upcomingShows([series, past, archived, todayShow], today);
    expect(list.map((u) => [u.show.id, u.next.date])).toEqual([
      [todayShow.id, today],
      [series.id, "2026-06-17"],
    ]);
  });
  // Issue 19 (mutation testing): two shows at the same hour keep one order on every page.
  it("lists two shows at the same date and time by their id", () => {
    const later = makeShow({ id: 702, date: "2026-06-12", time: "20:00" });
    const earlier = makeShow({ id: 701, date: "2026-06-12", time: "20:00" });
    expect(upcomingShows([later, earlier], "2026-06-10").map((u) => u.show.id)).toEqual([701, 702]);
    expect(upcomingShows([earlier, later], "2026-06-10").map((u) => u.show.id)).toEqual([701, 702]);
  });
});

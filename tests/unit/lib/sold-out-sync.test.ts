/**
 * Who may reopen a sold-out show or date (issue 18): the sync reopens only what the
 * platform sold out; staff's marks stay; which waitlists a sync tells.
 */
import { describe, expect, it } from "vitest";
import {
  reopened,
  staffSoldOut,
  syncDateStates,
  syncSoldOut,
  waitlistDatesToTell,
} from "~/lib/sold-out-sync";
import { sendNowMessage, whyNobodyTold } from "~/lib/waitlist";

const available = { soldOut: false, soldOutBy: null } as const;
const byPlatform = { soldOut: true, soldOutBy: "platform" } as const;
const byStaff = { soldOut: true, soldOutBy: "staff" } as const;
const unknown = { soldOut: true, soldOutBy: null } as const;

describe("the sync's sold-out rule", () => {
  it("marks sold out what the platform sold out, as the platform's", () => {
    expect(syncSoldOut(available, true)).toEqual(byPlatform);
    expect(syncSoldOut(byPlatform, true)).toEqual(byPlatform);
  });

  it("keeps the author of a mark already there while the platform is sold out too", () => {
    expect(syncSoldOut(byStaff, true)).toEqual(byStaff);
    expect(syncSoldOut(unknown, true)).toEqual(unknown);
  });

  it("reopens what the platform sold out once the platform has seats again", () => {
    expect(syncSoldOut(byPlatform, false)).toEqual(available);
    expect(reopened(byPlatform, syncSoldOut(byPlatform, false))).toBe(true);
  });

  it("never reopens a mark by staff, nor one stored before marks had an author", () => {
    expect(syncSoldOut(byStaff, false)).toEqual(byStaff);
    expect(syncSoldOut(unknown, false)).toEqual(unknown);
    expect(syncSoldOut(available, false)).toEqual(available);
  });

  it("a staff toggle is staff's mark; reopening clears the author", () => {
    expect(staffSoldOut(true)).toEqual(byStaff);
    expect(staffSoldOut(false)).toEqual(available);
    expect(reopened(available, byStaff)).toBe(false);
    expect(reopened(byStaff, byStaff)).toBe(false);
  });
});

describe("series dates", () => {
  it("each platform date follows the stored date of the same day; the freed ones are listed", () => {
    const stored = [
      { date: "2031-09-02", ...available },
      { date: "2031-09-09", ...byPlatform },
      { date: "2031-09-16", ...byStaff },
      { date: "2031-09-30", ...byPlatform },
    ];
    const platform = [
      { date: "2031-09-02", soldOut: true },
      { date: "2031-09-09", soldOut: false },
      { date: "2031-09-16", soldOut: false },
      { date: "2031-09-23", soldOut: true },
    ];
    const { states, reopenedDates } = syncDateStates(stored, platform);
    expect(Object.fromEntries(states)).toEqual({
      "2031-09-02": byPlatform,
      "2031-09-09": available,
      "2031-09-16": byStaff,
      "2031-09-23": byPlatform, // a new date starts available, then takes the platform's state
    });
    // 09-30 is no longer listed: it is not "reopened" (nobody gets a link to a date that is gone).
    expect(reopenedDates).toEqual(["2031-09-09"]);
  });

  it("a second run with the same platform state reopens nothing", () => {
    const first = syncDateStates(
      [{ date: "2031-09-09", ...byPlatform }],
      [{ date: "2031-09-09", soldOut: false }],
    );
    const again = syncDateStates(
      [...first.states].map(([date, s]) => ({ date, ...s })),
      [{ date: "2031-09-09", soldOut: false }],
    );
    expect(again.reopenedDates).toEqual([]);
  });

  it("the show reopening tells every list; dates reopening tell theirs; otherwise nobody", () => {
    expect(waitlistDatesToTell(true, [])).toBe("all");
    expect(waitlistDatesToTell(true, ["2031-09-09"])).toBe("all");
    expect(waitlistDatesToTell(false, ["2031-09-09"])).toEqual(["2031-09-09"]);
    expect(waitlistDatesToTell(false, [])).toBeNull();
  });
});

describe("staff's Send now", () => {
  it("says why nobody was told, first reason first", () => {
    const base = { found: true, calledOff: false, soldOut: false, waiting: 2 };
    expect(whyNobodyTold({ ...base, found: false, soldOut: true })).toBe("not-found");
    expect(whyNobodyTold({ ...base, calledOff: true, soldOut: true })).toBe("called-off");
    expect(whyNobodyTold({ ...base, soldOut: true })).toBe("sold-out");
    expect(whyNobodyTold({ ...base, waiting: 0 })).toBe("nobody-waiting");
    expect(whyNobodyTold(base)).toBe("told-recently");
  });

  it("the page says what happened", () => {
    const day = "Friday, November 27, 2026";
    expect(sendNowMessage({ queued: 2, reason: null }, day)).toEqual({
      type: "success",
      message: `2 waiting people are being e-mailed about ${day}.`,
    });
    expect(sendNowMessage({ queued: 1, reason: null }, day).message).toBe(
      `1 waiting person is being e-mailed about ${day}.`,
    );
    expect(sendNowMessage({ queued: 0, reason: "told-recently" }, day)).toEqual({
      type: "info",
      message: `Nobody e-mailed: everyone waiting for ${day} was e-mailed within the last day (once a day at most).`,
    });
    expect(sendNowMessage({ queued: 0, reason: "sold-out" }, day).message).toContain("still sold out");
    expect(sendNowMessage({ queued: 0, reason: "not-found" }, day).type).toBe("error");
  });
});

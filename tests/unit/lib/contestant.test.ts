import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  applicationReturnUrl,
  applicationsOpen,
  attendWindowText,
  closedText,
  closesAtText,
  thankYouLines,
} from "~/lib/contestant";
import { zonedInstant } from "~/lib/zoned-time";

const closeAt = zonedInstant("2026-05-14", "23:59", "America/Toronto").toISOString();

describe("contestant application texts", () => {
  // The texts name the year only outside the current one (lib/dates dateNeedsYear): pin "now" in 2026.
  beforeAll(() => {
    vi.useFakeTimers({ now: new Date("2026-03-01T17:00:00Z"), toFake: ["Date"] });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it("builds the spec's time window from the show", () => {
    expect(attendWindowText({ date: "2026-05-16", time: "19:30", endTime: "22:00" })).toBe(
      "7:30 PM – 10 PM on 16 May",
    );
    expect(attendWindowText({ date: "2026-12-05", time: "20:00", endTime: null })).toBe("8 PM on 5 Dec");
    expect(attendWindowText({ date: "2027-01-09", time: "20:00", endTime: null })).toBe("8 PM on 9 Jan 2027");
  });

  it("writes the closing time in Toronto time", () => {
    expect(closesAtText(closeAt)).toBe("11:59 PM, 14 May");
    expect(closesAtText(zonedInstant("2027-01-07", "23:59", "America/Toronto").toISOString())).toBe(
      "11:59 PM, 7 Jan 2027",
    );
  });

  it("builds the thank-you lines from the show's settings", () => {
    expect(thankYouLines({ contestantsNotifiedOn: "2026-05-15", applicationsCloseAt: closeAt })).toEqual([
      "We'll email selected contestants on 15 May.",
      "Applications close 11:59 PM, 14 May.",
    ]);
  });

  it("is open until the closing minute, closed after it", () => {
    const show = { acceptsApplications: true, applicationsCloseAt: closeAt };
    expect(applicationsOpen(show, new Date(closeAt))).toBe(true);
    expect(applicationsOpen(show, new Date(new Date(closeAt).getTime() + 1))).toBe(false);
    expect(applicationsOpen({ acceptsApplications: false, applicationsCloseAt: null })).toBe(false);
    expect(applicationsOpen({ acceptsApplications: true, applicationsCloseAt: null })).toBe(true);
    expect(closedText(show)).toBe("Applications for this show closed at 11:59 PM, 14 May.");
  });

  it("without a notification date or a closing time, says so in general words", () => {
    expect(thankYouLines({ contestantsNotifiedOn: null, applicationsCloseAt: null })).toEqual([
      "We'll email selected contestants before the show.",
    ]);
    expect(closedText({ applicationsCloseAt: null })).toBe("Applications for this show are closed.");
  });
});

describe("applicationReturnUrl", () => {
  it("goes back to the show page the form was on, with the thank-you flag", () => {
    expect(applicationReturnUrl("/show/game-on-comedy-game-2026-05-16", 7)).toBe(
      "/show/game-on-comedy-game-2026-05-16?applied=1#contestant-application",
    );
    expect(applicationReturnUrl("/event/7", 7)).toBe("/event/7?applied=1#contestant-application");
  });

  it("keeps another show's page and ids of several digits", () => {
    expect(applicationReturnUrl("/event/1234", 7)).toBe("/event/1234?applied=1#contestant-application");
  });

  it("refuses anything else (other sites, other pages)", () => {
    for (const bad of [
      "https://evil.example/",
      "//evil.example",
      "/admin",
      "/event/7/apply",
      "/x/event/7",
      "/x/show/game-on-2026-05-16",
      "/show/game-on-2026-05-16/apply",
      "/event/7x",
      "/show/",
      undefined,
      42,
    ]) {
      expect(applicationReturnUrl(bad, 7)).toBe("/event/7?applied=1#contestant-application");
    }
  });
});

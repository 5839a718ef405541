/**
 * Each comic's draw (issue 41): the tracking code every comedian's links carry to the platform's
 * checkout (`aff=`), read back from the attendees, and the staff's CSV.
 */
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { drawCsv } from "~/lib/draw-csv";
import {
  comedianIdOfCode,
  sharePath,
  trackingCodeOf,
  trackingCodeParam,
  withAffiliate,
} from "~/lib/tracking";

describe("a comic's tracking code", () => {
  it("is made from the id (a new name or slug keeps it) and read back only in its own shape", () => {
    expect(trackingCodeOf(7)).toBe("lw-comic-7");
    expect(comedianIdOfCode("lw-comic-7")).toBe(7);
    expect(comedianIdOfCode(" lw-comic-7 ")).toBe(7);
    for (const other of [
      "lw-comic-0",
      "lw-comic-07",
      "lw-comic-",
      "oddtdteb",
      "lw-comic-7x",
      "",
      null,
      "lw-comic-12345678901",
    ])
      expect(comedianIdOfCode(other), String(other)).toBeNull();
  });

  it("a page passes on only a code of ours", () => {
    expect(trackingCodeParam(new URLSearchParams("aff=lw-comic-3"))).toBe("lw-comic-3");
    expect(trackingCodeParam(new URLSearchParams("aff=<script>"))).toBeNull();
    expect(trackingCodeParam(new URLSearchParams(""))).toBeNull();
  });

  it("goes on the platform's ticket links as aff=, replacing another; other links are left alone", () => {
    expect(withAffiliate("https://www.eventbrite.ca/e/night-tickets-123", "lw-comic-3")).toBe(
      "https://www.eventbrite.ca/e/night-tickets-123?aff=lw-comic-3",
    );
    expect(withAffiliate("https://www.eventbrite.ca/e/night-tickets-123?aff=old&x=1", "lw-comic-3")).toBe(
      "https://www.eventbrite.ca/e/night-tickets-123?aff=lw-comic-3&x=1",
    );
    expect(withAffiliate("https://tickets.example/x", "lw-comic-3")).toBe("https://tickets.example/x");
    expect(withAffiliate("https://www.eventbrite.ca/e/1", null)).toBe("https://www.eventbrite.ca/e/1");
    expect(withAffiliate(null, "lw-comic-3")).toBeNull();
  });

  it("a share link is the site's page with the code", () => {
    expect(sharePath("/event/5", "lw-comic-3")).toBe("/event/5?aff=lw-comic-3");
    expect(sharePath("/show/a-b-2026-01-01?x=1#tickets", "lw-comic-3")).toBe(
      "/show/a-b-2026-01-01?x=1&aff=lw-comic-3#tickets",
    );
  });

  it("the CSV: one row per show and date, spreadsheet-safe", () => {
    const csv = drawCsv("=Ada", "lw-comic-3", [
      { eventId: 5, title: "Friday", date: "2026-12-04", tickets: 12, checkedIn: 10 },
    ]);
    expect(parse(csv)).toEqual([
      ["Comedian", "Tracking code", "Show", "Show id", "Date", "Tickets through their link", "Checked in"],
      ["'=Ada", "lw-comic-3", "Friday", "5", "2026-12-04", "12", "10"],
    ]);
  });
});

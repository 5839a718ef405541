import { afterEach, describe, expect, it, vi } from "vitest";
import { endOfTonight, makeProjectorLink, readProjectorLink } from "~/features/voting/projector-link.server";
import { nightSetup } from "../../../support/show-night";

afterEach(() => vi.useRealTimers());

describe("a staff member's projector link", () => {
  it("opens tonight's projector until 6 AM; a changed or old link is refused", async () => {
    const { db, staff, tonight, open } = nightSetup();
    const round = open(tonight);
    const link = await makeProjectorLink(round.id, staff, "https://laugh.example", new Date(), db);
    const token = link.url.split("/results/projector/")[1];
    expect(readProjectorLink(token)).toMatchObject({ roundId: round.id });
    expect(readProjectorLink(token.replace(/^\d+/, String(round.id + 1)))).toBeNull();
    expect(readProjectorLink(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBeNull();
    const ends = readProjectorLink(token)!.ends;
    expect(readProjectorLink(token, ends + 1)).toBeNull();
    expect(link.qr).toContain("<svg");
  });

  it("ends at the next 6 AM in the business time zone", () => {
    // 11 PM in Toronto on Nov 26 (04:00 UTC on the 27th): ends 6 AM on the 27th (11:00 UTC).
    expect(endOfTonight(new Date("2026-11-27T04:00:00Z")).toISOString()).toBe("2026-11-27T11:00:00.000Z");
    // 2 AM in Toronto: the same morning's 6 AM.
    expect(endOfTonight(new Date("2026-11-27T07:00:00Z")).toISOString()).toBe("2026-11-27T11:00:00.000Z");
    // 7 AM: the next morning's.
    expect(endOfTonight(new Date("2026-11-27T12:00:00Z")).toISOString()).toBe("2026-11-28T11:00:00.000Z");
  });
});

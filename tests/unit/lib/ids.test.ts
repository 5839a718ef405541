import { describe, expect, it } from "vitest";
import { isToken, parseId } from "~/lib/ids";
import { lineupProblems } from "~/lib/lineup";
import { reviewSchema } from "~/lib/shortlist";
import { VOTE_MESSAGES } from "~/lib/vote";
import { openRoundSchema, voteSchema } from "~/lib/vote-schema";

describe("parseId: every id from a URL or a form", () => {
  it("the vote form's round and comedian never read hex, exponents or leading zeros", () => {
    const ok = { roundId: "16", comedianId: "2", email: "a@example.com", voteToken: "a".repeat(20) };
    expect(voteSchema.safeParse(ok).success).toBe(true);
    for (const bad of ["0x10", "1e1", "016", "16.0", " 16", "0"]) {
      expect(voteSchema.safeParse({ ...ok, roundId: bad }).success, `roundId ${bad}`).toBe(false);
      const comedian = voteSchema.safeParse({ ...ok, comedianId: bad });
      expect(comedian.success, `comedianId ${bad}`).toBe(false);
      expect(comedian.error?.issues[0].message).toBe(VOTE_MESSAGES.comedianRequired);
    }
  });

  it("opening a round, reviewing an application and a line-up row take only plain ids", () => {
    const show = "12:2026-11-26";
    expect(openRoundSchema.safeParse({ show, title: "R", comedianIds: ["3", "0x10"] }).success).toBe(false);
    expect(
      openRoundSchema.safeParse({ show, title: "R", comedianIds: ["3", "16"] }).data?.comedianIds,
    ).toEqual([3, 16]);
    // The show of a round is a plain id too.
    expect(
      openRoundSchema.safeParse({ show: "0x10:2026-11-26", title: "R", comedianIds: ["3"] }).success,
    ).toBe(false);
    expect(reviewSchema.safeParse({ applicationId: "0x10", status: "shortlisted" }).success).toBe(false);
    expect(reviewSchema.safeParse({ applicationId: "16", status: "shortlisted" }).data?.applicationId).toBe(
      16,
    );
    expect(lineupProblems([{ comedianId: "0x10", role: "host" }])).toEqual([
      { index: 0, field: "comedianId", message: "Pick a comedian" },
    ]);
    // "01" and "1" would otherwise be two rows for one comedian.
    expect(lineupProblems([{ comedianId: "01", role: "host" }])).toEqual([
      { index: 0, field: "comedianId", message: "Pick a comedian" },
    ]);
  });

  it("reads a form field that is a file as no id", () => {
    expect(parseId(new File(["16"], "16"))).toBe(0);
  });

  it("reads only text: a repeated query value (a list) or a number is no id, even when it reads like one", () => {
    expect(parseId(["16"])).toBe(0);
    expect(parseId(16)).toBe(0);
    expect(isToken(["a".repeat(20)])).toBe(false);
  });
});

describe("isToken: one token shape for votes, devices, waitlist links and form tokens", () => {
  it.each(["a".repeat(16), "Ab0_-".repeat(12) + "abcd", "0123456789abcdef0123456789abcdef"])(
    "%s is a token",
    (t) => {
      expect(isToken(t)).toBe(true);
    },
  );
  it.each(["a".repeat(15), "a".repeat(65), "a".repeat(15) + "=", "<script>alert(1)</script>aaaa", null, 42])(
    "%s is not",
    (t) => {
      expect(isToken(t)).toBe(false);
    },
  );
});

describe("parseId", () => {
  it.each(["0x10", "1e3", "1.5", "-1", "0", "01", "../1", "99999999999999999999", "1 ", "", null, undefined])(
    "%s is not an id",
    (raw) => {
      expect(parseId(raw)).toBe(0);
    },
  );

  it("reads plain positive integers", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("123456789012345")).toBe(123456789012345);
  });
});

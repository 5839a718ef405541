import { afterEach, describe, expect, it } from "vitest";
import { filterShows, NO_FILTERS } from "~/lib/filters";
import { isToken, parseId } from "~/lib/ids";
import { lineupProblems } from "~/lib/lineup";
import { reviewSchema } from "~/lib/shortlist";
import { venueContains } from "~/lib/venue-match";
import { VOTE_MESSAGES } from "~/lib/vote";
import { openRoundSchema, voteSchema } from "~/lib/vote-schema";
import { resetEnvCache } from "~/utils/env.server";
import { overBudget, refusedHeaders } from "~/utils/form-pipeline.server";
import { publicOrigin } from "~/utils/origin.server";
import { gameOnShow as makeShow } from "../support/shows";

// Issue 19: one helper per rule, every call site using it.
const saved = process.env.PUBLIC_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.PUBLIC_URL;
  else process.env.PUBLIC_URL = saved;
  resetEnvCache();
});

describe("publicOrigin", () => {
  it("drops a trailing slash (and any path) from PUBLIC_URL, so links never read //event", () => {
    process.env.PUBLIC_URL = "https://laughwindsor.example/";
    resetEnvCache();
    expect(publicOrigin(new Request("http://127.0.0.1:3000/calendar"))).toBe("https://laughwindsor.example");
  });

  it("falls back to the request's own origin when PUBLIC_URL is not set", () => {
    delete process.env.PUBLIC_URL;
    resetEnvCache();
    expect(publicOrigin(new Request("http://127.0.0.1:3000/calendar?month=2026-11"))).toBe(
      "http://127.0.0.1:3000",
    );
  });
});

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

describe("overBudget: the one 429 answer", () => {
  it("keeps the route's reply, says when to try again in whole seconds, and is never stored", async () => {
    const response = overBudget({ error: "Too many attempts." }, { retryAfterSeconds: 12.2 });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("13");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: "Too many attempts." });
  });

  it("never says Retry-After: 0", () => {
    expect(overBudget({}, { retryAfterSeconds: 0 }).headers.get("Retry-After")).toBe("1");
    expect(refusedHeaders(undefined).has("Retry-After")).toBe(false);
  });
});

describe("venueContains: the home filter's venue rule", () => {
  it("matches a venue text that contains the name, in any case, and never an empty name", () => {
    expect(venueContains("The Manchester Pub, Windsor", "the manchester pub")).toBe(true);
    expect(venueContains("The Manchester Pub", " Manchester ")).toBe(true);
    expect(venueContains("The Manchester Pub", "Tipsy Toucan")).toBe(false);
    expect(venueContains("The Manchester Pub", "")).toBe(false);
  });

  it("the home filter finds a show whose venue text contains the chosen venue", () => {
    const show = makeShow({ venue: "Tipsy Toucan (upstairs)" });
    expect(filterShows([show], { ...NO_FILTERS, venue: "tipsy toucan" })).toHaveLength(1);
    expect(filterShows([show], { ...NO_FILTERS, venue: "Manchester" })).toHaveLength(0);
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

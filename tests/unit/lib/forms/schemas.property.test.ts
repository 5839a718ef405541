import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { CURRENT_CONSENT } from "~/lib/consent";
import { EVENT_FIELD_MAX, eventFormSchema } from "~/lib/event-form";
import { contactSchema } from "~/lib/forms/contact";
import { contestantApplicationSchema, FUN_BIO_MAX } from "~/lib/forms/contestant-application";
import { gateSchema } from "~/lib/forms/gate";
import { newsletterSchema } from "~/lib/forms/newsletter";
import { comedianSchema, openRoundSchema, voteSchema } from "~/lib/vote-schema";

/**
 * Property-based checks over every form schema in app/lib: whatever arrives (any string,
 * any JSON-ish object), safeParse answers and never throws; what it accepts satisfies the
 * documented invariants; known-bad values are refused.
 */

const RUNS = { numRuns: 300 };
/** Accepted values in the current property (a property that accepts nothing proves nothing). */
let accepted = 0;
beforeEach(() => {
  accepted = 0;
});

const schemas = {
  contact: contactSchema,
  newsletter: newsletterSchema,
  application: contestantApplicationSchema,
  event: eventFormSchema,
  vote: voteSchema,
  comedian: comedianSchema,
  round: openRoundSchema,
  resultsGate: gateSchema,
  bookingGate: gateSchema,
} as const;

/** Strings with the characters that break naive code: markup, quotes, NUL, RTL marks, emoji. */
const nasty = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.constantFrom(
    "<script>alert(1)</script>",
    "'; DROP TABLE events; --",
    '" OR 1=1 --',
    "\u0000",
    "\u202e\u200b",
    " ",
    "🎤".repeat(40),
    "../../etc/passwd",
    "99999999999999999999",
    "NaN",
    "-1",
    "1e309",
  ),
);
const anyValue = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(nasty, nasty, { maxKeys: 3 }),
);
const keysOf = (schema: { shape?: Record<string, unknown> }) => Object.keys(schema.shape ?? {});
/** Objects with the schema's own keys (so the field rules run) plus arbitrary extra keys. */
const objectFor = (keys: string[]) =>
  fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((k) => [k, anyValue])), { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 10 }), anyValue, { maxKeys: 3 }),
    )
    .map(([own, extra]) => ({ ...extra, ...own }));

describe.each(Object.entries(schemas))("%s schema", (_name, schema) => {
  const keys = keysOf(schema as never).length
    ? keysOf(schema as never)
    : ["title", "date", "time", "venue", "ticketUrl", "description", "dates"];

  it("never throws on arbitrary input", () => {
    fc.assert(
      fc.property(fc.oneof(anyValue, objectFor(keys)), (input) => {
        const result = schema.safeParse(input);
        expect(typeof result.success).toBe("boolean");
      }),
      RUNS,
    );
  });
});

const email = fc.emailAddress();
const padded = (arb: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.constantFrom("", " ", "  ", "\t"), arb, fc.constantFrom("", " ", "\n"))
    .map(([a, b, c]) => a + b + c);
const mixedCase = (s: string) => s.replace(/[a-z]/g, (ch, i) => (i % 2 ? ch.toUpperCase() : ch));
/** Short strings mixed with long runs, so length limits are crossed often. */
const sized = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.integer({ min: 0, max }).map((n) => "a".repeat(n)),
  );

describe("e-mail fields are trimmed and lower-cased", () => {
  it("newsletter", () => {
    fc.assert(
      fc.property(padded(email.map(mixedCase)), (raw) => {
        const result = newsletterSchema.safeParse({ email: raw, consent: CURRENT_CONSENT.newsletter });
        if (!result.success) return; // fast-check can build addresses zod finds invalid
        accepted++;
        expect(result.data.email).toBe(raw.trim().toLowerCase());
      }),
      RUNS,
    );
    expect(accepted, "some generated values were accepted").toBeGreaterThan(0);
  });

  it("contact: accepted values are within the limits, trimmed, e-mail normalised", () => {
    fc.assert(
      fc.property(
        padded(email.map(mixedCase)),
        sized(130),
        sized(230),
        sized(5_100),
        (rawEmail, name, subject, message) => {
          const result = contactSchema.safeParse({ email: rawEmail, name, subject, message });
          if (!result.success) return;
          accepted++;
          const d = result.data;
          expect(d.email).toBe(d.email.trim().toLowerCase());
          expect(d.email).not.toMatch(/[A-Z\s]/);
          expect(d.name.length).toBeGreaterThan(0);
          expect(d.name.length).toBeLessThanOrEqual(100);
          expect(d.subject.length).toBeLessThanOrEqual(200);
          expect(d.message.length).toBeLessThanOrEqual(5000);
          for (const v of [d.name, d.subject, d.message]) expect(v).toBe(v.trim());
        },
      ),
      RUNS,
    );
    expect(accepted, "some generated values were accepted").toBeGreaterThan(0);
  });

  it("vote: accepted e-mails are normalised, ids are positive integers", () => {
    fc.assert(
      fc.property(
        padded(email.map(mixedCase)),
        fc.oneof(fc.integer(), fc.integer().map(String), nasty),
        fc.oneof(fc.integer(), fc.integer().map(String), nasty),
        fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/), nasty),
        (rawEmail, comedianId, roundId, voteToken) => {
          const result = voteSchema.safeParse({ email: rawEmail, comedianId, roundId, voteToken });
          if (!result.success) return;
          accepted++;
          expect(result.data.email).toBe(result.data.email.trim().toLowerCase());
          expect(Number.isInteger(result.data.comedianId) && result.data.comedianId > 0).toBe(true);
          expect(Number.isInteger(result.data.roundId) && result.data.roundId > 0).toBe(true);
          expect(result.data.voteToken).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
        },
      ),
      RUNS,
    );
    expect(accepted, "some generated values were accepted").toBeGreaterThan(0);
  });
});

describe("contact", () => {
  it("refuses empty and oversized fields and a bad e-mail", () => {
    const ok = { name: "Pat", email: "pat@example.com", subject: "Hi", message: "Hello" };
    expect(contactSchema.safeParse(ok).success).toBe(true);
    for (const patch of [
      { name: "   " },
      { name: "x".repeat(101) },
      { subject: "x".repeat(201) },
      { message: "x".repeat(5001) },
      { email: "pat@" },
      { email: "x".repeat(250) + "@example.com" },
      { message: ["a", "b"] },
      { submissionToken: "<script>alert(1)</script>" },
    ]) {
      expect(contactSchema.safeParse({ ...ok, ...patch }).success, JSON.stringify(patch).slice(0, 60)).toBe(
        false,
      );
    }
  });
});

describe("contestant application", () => {
  it("accepted values keep the bio within its limit and the e-mail normalised", () => {
    fc.assert(
      fc.property(
        sized(110).filter((s) => s.trim().length > 0),
        padded(email.map(mixedCase)),
        fc.stringMatching(/^\+?[\d\s().-]{7,20}$/),
        sized(160),
        (name, rawEmail, mobile, bio) => {
          const result = contestantApplicationSchema.safeParse({
            from_name: name,
            from_email: rawEmail,
            mobile_number: mobile,
            is_over_19: true,
            can_attend: "yes",
            fun_bio: bio,
            accepts_terms: true,
          });
          if (!result.success) return;
          accepted++;
          expect(result.data.from_email).toBe(rawEmail.trim().toLowerCase());
          expect((result.data.fun_bio ?? "").length).toBeLessThanOrEqual(FUN_BIO_MAX);
          expect(result.data.from_name.length).toBeLessThanOrEqual(100);
        },
      ),
      RUNS,
    );
    expect(accepted, "some generated values were accepted").toBeGreaterThan(0);
  });

  it("refuses a missing age confirmation or terms, and a bio over the limit", () => {
    const ok = {
      from_name: "Pat",
      from_email: "pat@example.com",
      mobile_number: "519-555-0100",
      is_over_19: true,
      can_attend: "yes",
      accepts_terms: true,
    };
    expect(contestantApplicationSchema.safeParse(ok).success).toBe(true);
    expect(contestantApplicationSchema.safeParse({ ...ok, is_over_19: false }).success).toBe(false);
    expect(contestantApplicationSchema.safeParse({ ...ok, accepts_terms: "true" }).success).toBe(false);
    expect(
      contestantApplicationSchema.safeParse({ ...ok, fun_bio: "x".repeat(FUN_BIO_MAX + 1) }).success,
    ).toBe(false);
    expect(contestantApplicationSchema.safeParse({ ...ok, mobile_number: "<script>" }).success).toBe(false);
    expect(contestantApplicationSchema.safeParse({ ...ok, can_attend: "maybe" }).success).toBe(false);
    expect(contestantApplicationSchema.safeParse({ ...ok, from_email: "not-an-email" }).success).toBe(false);
    expect(contestantApplicationSchema.safeParse({ ...ok, from_name: ["a", "b"] }).success).toBe(false);
  });
});

describe("event form", () => {
  const base = {
    title: "Show",
    date: "2026-06-01",
    time: "8pm",
    venue: "The Club",
    ticketUrl: "https://tickets.example.com/x",
  };

  it("accepted times are HH:MM and dates YYYY-MM-DD, whatever time text was typed", () => {
    const timeText = fc.oneof(
      nasty,
      fc
        .tuple(
          fc.integer({ min: 0, max: 30 }),
          fc.integer({ min: 0, max: 70 }),
          fc.constantFrom("", " am", "pm", " PM", ":00"),
        )
        .map(([h, m, s]) => `${h}:${String(m).padStart(2, "0")}${s}`),
      fc
        .tuple(fc.integer({ min: 0, max: 14 }), fc.constantFrom("am", "pm", " PM"))
        .map(([h, s]) => `${h}${s}`),
    );
    fc.assert(
      fc.property(
        timeText,
        fc.option(timeText, { nil: undefined }),
        fc.oneof(nasty, fc.constant("2026-02-29"), fc.constant("2026-12-31")),
        (time, endTime, date) => {
          const result = eventFormSchema.safeParse({ ...base, time, endTime, date });
          if (!result.success) return;
          accepted++;
          expect(result.data.time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
          if (result.data.endTime !== null) expect(result.data.endTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
          expect(result.data.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        },
      ),
      RUNS,
    );
    expect(accepted, "some generated values were accepted").toBeGreaterThan(0);
  });

  it("accepted text is within the limits and URLs are http(s) (or a site path for images)", () => {
    fc.assert(
      fc.property(
        sized(260),
        sized(260),
        fc.oneof(
          fc.webUrl(),
          nasty,
          fc.constantFrom("javascript:alert(1)", "data:text/html,<b>", "//evil.example/x", "/images/a.svg"),
        ),
        fc.oneof(
          fc.webUrl(),
          nasty,
          fc.constantFrom("javascript:alert(1)", "vbscript:x", "JAVASCRIPT:alert(1)"),
        ),
        (title, venue, imageUrl, ticketUrl) => {
          const result = eventFormSchema.safeParse({ ...base, title, venue, imageUrl, ticketUrl });
          if (!result.success) return;
          accepted++;
          const d = result.data;
          expect(d.title.length).toBeGreaterThan(0);
          expect(d.title.length).toBeLessThanOrEqual(EVENT_FIELD_MAX.title);
          expect(d.venue.length).toBeLessThanOrEqual(EVENT_FIELD_MAX.venue);
          expect(new URL(d.ticketUrl).protocol).toMatch(/^https?:$/);
          if (d.imageUrl) {
            if (d.imageUrl.startsWith("/")) expect(d.imageUrl.startsWith("//")).toBe(false);
            else expect(new URL(d.imageUrl).protocol).toMatch(/^https?:$/);
          }
        },
      ),
      RUNS,
    );
    expect(accepted, "some generated values were accepted").toBeGreaterThan(0);
  });

  it("refuses known-bad values", () => {
    expect(eventFormSchema.safeParse(base).success).toBe(true);
    const bad: Record<string, unknown>[] = [
      { ticketUrl: "javascript:alert(1)" },
      { ticketUrl: "JaVaScRiPt:alert(1)" },
      { imageUrl: "javascript:alert(1)" },
      { imageUrl: "//evil.example/x.png" },
      { entryFormUrl: "data:text/html,<script>alert(1)</script>" },
      { time: "25:00" },
      { time: "7:60 pm" },
      { date: "2026-13-01" },
      { date: "2026-02-30" },
      { title: "   " },
      { title: "x".repeat(EVENT_FIELD_MAX.title + 1) },
      { description: "x".repeat(EVENT_FIELD_MAX.description + 1) },
      { venue: "x".repeat(EVENT_FIELD_MAX.venue + 1) },
      { ticketUrl: `https://example.com/${"x".repeat(EVENT_FIELD_MAX.url)}` },
      { applicationMinimumAge: "-1" },
      { applicationMinimumAge: "99999999999999999999" },
      { collectionId: "1 OR 1=1" },
      { dates: [{ date: "2026-06-02", time: "8pm" }] },
      { title: ["a", "b"] },
    ];
    for (const patch of bad) {
      expect(
        eventFormSchema.safeParse({ ...base, ...patch }).success,
        JSON.stringify(patch).slice(0, 80),
      ).toBe(false);
    }
  });
});

describe("comedian, round and gate forms", () => {
  it("comedian: accepted names are trimmed, 1–100 characters; empty bios become null", () => {
    fc.assert(
      fc.property(sized(130), fc.option(sized(600), { nil: undefined }), (name, bio) => {
        const result = comedianSchema.safeParse({ name, bio });
        if (!result.success) return;
        accepted++;
        expect(result.data.name).toBe(result.data.name.trim());
        expect(result.data.name.length).toBeGreaterThan(0);
        expect(result.data.name.length).toBeLessThanOrEqual(100);
        if (result.data.bio !== null) {
          expect(result.data.bio.length).toBeGreaterThan(0);
          expect(result.data.bio.length).toBeLessThanOrEqual(500);
        }
      }),
      RUNS,
    );
    expect(accepted, "some generated values were accepted").toBeGreaterThan(0);
    expect(comedianSchema.safeParse({ name: "" }).success).toBe(false);
    expect(comedianSchema.safeParse({ name: "x".repeat(101) }).success).toBe(false);
    expect(comedianSchema.safeParse({ name: "Ok", bio: "x".repeat(501) }).success).toBe(false);
  });

  it("round: accepted comedian ids are positive integers, at least one", () => {
    fc.assert(
      fc.property(
        sized(150),
        fc.array(fc.oneof(fc.integer(), fc.integer().map(String), nasty), { maxLength: 5 }),
        (title, comedianIds) => {
          const result = openRoundSchema.safeParse({ show: "12:2026-11-26", title, comedianIds });
          if (!result.success) return;
          accepted++;
          expect(result.data.title.length).toBeGreaterThan(0);
          expect(result.data.title.length).toBeLessThanOrEqual(120);
          expect(result.data.comedianIds.length).toBeGreaterThan(0);
          for (const id of result.data.comedianIds) expect(Number.isInteger(id) && id > 0).toBe(true);
        },
      ),
      RUNS,
    );
    expect(accepted, "some generated values were accepted").toBeGreaterThan(0);
    const show = "12:2026-11-26";
    expect(openRoundSchema.safeParse({ show, title: "R", comedianIds: [] }).success).toBe(false);
    expect(
      openRoundSchema.safeParse({ show, title: "R", comedianIds: ["1; DROP TABLE votes"] }).success,
    ).toBe(false);
    // Issue 37: a round belongs to a show and its date.
    expect(openRoundSchema.safeParse({ title: "R", comedianIds: [1] }).success).toBe(false);
    expect(openRoundSchema.safeParse({ show: "12:tomorrow", title: "R", comedianIds: [1] }).success).toBe(
      false,
    );
    expect(openRoundSchema.safeParse({ show, title: "R", comedianIds: [1] }).success).toBe(true);
  });

  it("gates refuse an empty password and accept any non-empty one", () => {
    for (const schema of [gateSchema]) {
      fc.assert(
        fc.property(fc.string({ minLength: 1, maxLength: 50 }), (password) => {
          expect(schema.safeParse({ password }).success).toBe(true);
        }),
        { numRuns: 100 },
      );
      expect(schema.safeParse({ password: "" }).success).toBe(false);
      expect(schema.safeParse({}).success).toBe(false);
      expect(schema.safeParse({ password: ["a"] }).success).toBe(false);
    }
  });

  it("vote refuses known-bad values", () => {
    const ok = { roundId: 1, comedianId: 2, email: "a@example.com", voteToken: "a".repeat(20) };
    expect(voteSchema.safeParse(ok).success).toBe(true);
    for (const patch of [
      { comedianId: "0" },
      { comedianId: "-3" },
      { comedianId: "1.5" },
      { comedianId: "1 OR 1=1" },
      { roundId: "abc" },
      { email: "not-an-email" },
      { email: "" },
      { voteToken: "short" },
      { voteToken: "<script>alert(1)</script>aaaaaaaa" },
    ]) {
      expect(voteSchema.safeParse({ ...ok, ...patch }).success, JSON.stringify(patch)).toBe(false);
    }
  });
});

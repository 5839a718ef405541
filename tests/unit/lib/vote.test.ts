import { describe, expect, it } from "vitest";
import { gateSchema } from "~/lib/forms/gate";
import { TOKEN_PATTERN as VOTE_TOKEN_PATTERN } from "~/lib/ids";
import {
  filterByName,
  isValidEmail,
  normalizeEmail,
  retryDelayMs,
  voteFieldErrors,
  VOTE_MESSAGES,
} from "~/lib/vote";
import { comedianSchema, openRoundSchema, voteSchema } from "~/lib/vote-schema";

describe("vote rules", () => {
  it("normalises e-mails by trimming and lower-casing", () => {
    expect(normalizeEmail("  Jo.Smith@Example.COM ")).toBe("jo.smith@example.com");
  });

  it("accepts text@text.text and refuses the rest", () => {
    expect(isValidEmail("a@b.co")).toBe(true);
    expect(isValidEmail(" a@b.co ")).toBe(true);
    for (const bad of ["a@b", "ab.co", "a b@c.d", "@b.co", "a@.co"])
      expect(isValidEmail(bad), bad).toBe(false);
  });

  it("gives the spec's messages, in the browser and on the server alike", () => {
    expect(voteFieldErrors({})).toEqual({
      comedianId: VOTE_MESSAGES.comedianRequired,
      email: VOTE_MESSAGES.emailRequired,
    });
    expect(voteFieldErrors({ comedianId: "3", email: "nope" })).toEqual({
      email: "Please enter a valid email address",
    });
    const base = { roundId: "1", voteToken: "abcdefghijklmnopqrstuv" };
    const missing = voteSchema.safeParse({ ...base, email: "" });
    expect(missing.success).toBe(false);
    const messages = missing.error!.issues.map((i) => i.message);
    expect(messages).toContain("Please select a comedian to vote for");
    expect(messages).toContain("Please enter your email address");
    const ok = voteSchema.parse({ ...base, comedianId: "4", email: " Me@Example.com " });
    expect(ok).toEqual({ roundId: 1, voteToken: base.voteToken, comedianId: 4, email: "me@example.com" });
    expect(voteSchema.safeParse({ ...base, comedianId: "4", email: "a@b" }).error!.issues[0].message).toBe(
      "Please enter a valid email address",
    );
    expect(voteSchema.safeParse({ ...base, voteToken: "x", comedianId: "4", email: "a@b.co" }).success).toBe(
      false,
    );
  });

  it("filters comedians by name, case-insensitively", () => {
    const list = [{ name: "Priya Nair" }, { name: "Marcus Bell" }];
    expect(filterByName(list, "  PRI ")).toEqual([{ name: "Priya Nair" }]);
    expect(filterByName(list, "")).toEqual(list);
    expect(filterByName(list, "zzz")).toEqual([]);
  });

  it("requires a comedian name after trimming; the bio is optional", () => {
    expect(comedianSchema.safeParse({ name: "   " }).error!.issues[0].message).toBe(
      "Comedian name is required",
    );
    expect(comedianSchema.parse({ name: " Ann ", bio: "" })).toEqual({ name: "Ann", bio: null });
  });

  it("backs off between retries, capped at 10 seconds", () => {
    expect([0, 1, 2, 3, 4, 9].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });
});

// Issue 19 (mutation testing): the vote form's checks as a voter meets them.
describe("the vote form's checks", () => {
  it("lets a voter with a proper address and a chosen comedian through with no message", () => {
    expect(voteFieldErrors({ comedianId: "3", email: "fan@example.com" })).toEqual({});
    expect(voteFieldErrors({ comedianId: "3", email: "  Fan.Name+laughs@Example.CA " })).toEqual({});
  });

  it("asks for the comedian alone when only the comedian is missing", () => {
    expect(voteFieldErrors({ comedianId: "", email: "fan@example.com" })).toEqual({
      comedianId: VOTE_MESSAGES.comedianRequired,
    });
    expect(voteFieldErrors({ comedianId: null, email: "fan@example.com" })).toEqual({
      comedianId: VOTE_MESSAGES.comedianRequired,
    });
  });

  it("asks for an address when the box holds only spaces, and says 'valid' only for a typed one", () => {
    expect(voteFieldErrors({ comedianId: "3", email: "   " })).toEqual({
      email: VOTE_MESSAGES.emailRequired,
    });
    expect(voteFieldErrors({ comedianId: "3", email: null })).toEqual({ email: VOTE_MESSAGES.emailRequired });
    expect(voteFieldErrors({ comedianId: "3", email: "fan@example" })).toEqual({
      email: VOTE_MESSAGES.emailInvalid,
    });
  });

  it("refuses an address with two at signs, a space in the domain or nothing after the last dot", () => {
    for (const bad of ["a@b@c.co", "a@b c.co", "a@b.", "a@b.co x", "x a@b.co"])
      expect(isValidEmail(bad), bad).toBe(false);
  });

  it("accepts an address of 254 characters and refuses a longer one", () => {
    const at254 = `${"a".repeat(64)}@${"b".repeat(185)}.com`;
    expect(at254).toHaveLength(254);
    expect(isValidEmail(at254)).toBe(true);
    expect(isValidEmail(`a${at254}`)).toBe(false);
  });

  it("counts invisible characters out before checking the length", () => {
    const at254 = `${"a".repeat(64)}@${"b".repeat(185)}.com`;
    expect(isValidEmail(`\u200b${at254}\u200b`)).toBe(true);
    expect(normalizeEmail("Fan\u200b@Example.com\u0000")).toBe("fan@example.com");
  });

  it("refuses an address whose gmail mailbox is empty once dots and +tags are dropped", () => {
    expect(isValidEmail(".+laughs@gmail.com")).toBe(false);
    expect(isValidEmail("fan+laughs@gmail.com")).toBe(true);
  });

  it("finds a comedian whose name has capitals from a lower-case search", () => {
    const list = [{ name: "Priya Nair" }, { name: "Marcus Bell" }];
    expect(filterByName(list, "bell")).toEqual([{ name: "Marcus Bell" }]);
    expect(filterByName(list, null)).toEqual(list);
    expect(filterByName(list, "   ")).toEqual(list);
  });

  it("waits a second before the first retry even if asked for a negative attempt", () => {
    expect(retryDelayMs(-3)).toBe(1000);
  });

  it("accepts only the vote tokens the page makes: 16 to 64 URL-safe characters", () => {
    expect(VOTE_TOKEN_PATTERN.test("aZ0_-".repeat(4))).toBe(true);
    expect(VOTE_TOKEN_PATTERN.test("a".repeat(16))).toBe(true);
    expect(VOTE_TOKEN_PATTERN.test("a".repeat(64))).toBe(true);
    expect(VOTE_TOKEN_PATTERN.test("a".repeat(15))).toBe(false);
    expect(VOTE_TOKEN_PATTERN.test("a".repeat(65))).toBe(false);
    expect(VOTE_TOKEN_PATTERN.test(`${"a".repeat(16)}/`)).toBe(false);
    expect(VOTE_TOKEN_PATTERN.test(`/${"a".repeat(16)}`)).toBe(false);
  });
});

// Issue 19 (mutation testing): the messages of the vote and staff forms, for each way to leave a
// field out.
describe("the vote and staff forms' messages", () => {
  const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
    (result.error?.issues ?? []).map((i) => i.message);
  const vote = { roundId: "1", voteToken: "abcdefghijklmnopqrstuv", comedianId: "4" };

  it("asks a voter for an address whether the field is missing or only spaces", () => {
    // The page shows the first message of each field.
    expect(messagesOf(voteSchema.safeParse(vote))).toEqual([VOTE_MESSAGES.emailRequired]);
    expect(messagesOf(voteSchema.safeParse({ ...vote, email: "   " }))[0]).toBe(VOTE_MESSAGES.emailRequired);
  });

  it("takes the room code a voter types, up to 40 characters", () => {
    expect(voteSchema.parse({ ...vote, email: "a@b.co", roomCode: "123456" }).roomCode).toBe("123456");
    expect(voteSchema.safeParse({ ...vote, email: "a@b.co", roomCode: "1".repeat(41) }).success).toBe(false);
  });

  it("names what a comedian entry lacks", () => {
    expect(messagesOf(comedianSchema.safeParse({}))).toEqual(["Comedian name is required"]);
    expect(messagesOf(comedianSchema.safeParse({ name: " " }))).toEqual(["Comedian name is required"]);
    expect(messagesOf(comedianSchema.safeParse({ name: "x".repeat(101) }))).toEqual([
      "Please keep the name under 100 characters",
    ]);
    expect(messagesOf(comedianSchema.safeParse({ name: "Ann", bio: "x".repeat(501) }))).toEqual([
      "Please keep the bio under 500 characters",
    ]);
    expect(comedianSchema.parse({ name: "Ann", bio: "  " }).bio).toBeNull();
    expect(comedianSchema.parse({ name: "Ann", bio: ` ${"x".repeat(500)} ` }).bio).toBe("x".repeat(500));
  });

  it("names what a new round lacks", () => {
    const round = { show: "12:2026-11-26", title: "Final", comedianIds: ["3"] };
    expect(messagesOf(openRoundSchema.safeParse({ show: round.show, comedianIds: ["3"] }))).toEqual([
      "Please give the round a title",
    ]);
    // Issue 37: a round belongs to a show and its date.
    for (const show of [undefined, "", "12", "x:2026-11-26"])
      expect(messagesOf(openRoundSchema.safeParse({ ...round, show })), String(show)).toEqual([
        "Choose the show and date this round is voted at",
      ]);
    expect(messagesOf(openRoundSchema.safeParse({ ...round, roomSeats: 3 }))).toEqual([
      "A room has at least 20 seats here",
    ]);
    expect(messagesOf(openRoundSchema.safeParse({ ...round, opensAt: "tonight" }))).toEqual([
      "Please give the opening time as a date and a time",
    ]);
    expect(messagesOf(openRoundSchema.safeParse({ ...round, title: "  " }))).toEqual([
      "Please give the round a title",
    ]);
    for (const comedianIds of [undefined, [], ["x"]])
      expect(messagesOf(openRoundSchema.safeParse({ ...round, comedianIds })), String(comedianIds)).toEqual([
        "Choose at least one comedian for the round",
      ]);
  });

  it("asks for the results password whether it is missing or empty", () => {
    expect(messagesOf(gateSchema.safeParse({}))).toEqual(["Please enter the password"]);
    expect(messagesOf(gateSchema.safeParse({ password: "" }))).toEqual(["Please enter the password"]);
  });
});

import { describe, expect, it } from "vitest";
import { filterByName, isValidEmail, normalizeEmail, retryDelayMs, voteFieldErrors, VOTE_MESSAGES } from "~/lib/vote";
import { comedianSchema, voteSchema } from "~/lib/vote-schema";

describe("vote rules", () => {
  it("normalises e-mails by trimming and lower-casing", () => {
    expect(normalizeEmail("  Jo.Smith@Example.COM ")).toBe("jo.smith@example.com");
  });

  it("accepts text@text.text and refuses the rest", () => {
    expect(isValidEmail("a@b.co")).toBe(true);
    expect(isValidEmail(" a@b.co ")).toBe(true);
    for (const bad of ["a@b", "ab.co", "a b@c.d", "@b.co", "a@.co"]) expect(isValidEmail(bad), bad).toBe(false);
  });

  it("gives the spec's messages, in the browser and on the server alike", () => {
    expect(voteFieldErrors({})).toEqual({ comedianId: VOTE_MESSAGES.comedianRequired, email: VOTE_MESSAGES.emailRequired });
    expect(voteFieldErrors({ comedianId: "3", email: "nope" })).toEqual({ email: "Please enter a valid email address" });
    const base = { roundId: "1", voteToken: "abcdefghijklmnopqrstuv" };
    const missing = voteSchema.safeParse({ ...base, email: "" });
    expect(missing.success).toBe(false);
    const messages = missing.error!.issues.map((i) => i.message);
    expect(messages).toContain("Please select a comedian to vote for");
    expect(messages).toContain("Please enter your email address");
    const ok = voteSchema.parse({ ...base, comedianId: "4", email: " Me@Example.com " });
    expect(ok).toEqual({ roundId: 1, voteToken: base.voteToken, comedianId: 4, email: "me@example.com" });
    expect(voteSchema.safeParse({ ...base, comedianId: "4", email: "a@b", }).error!.issues[0].message).toBe(
      "Please enter a valid email address",
    );
    expect(voteSchema.safeParse({ ...base, voteToken: "x", comedianId: "4", email: "a@b.co" }).success).toBe(false);
  });

  it("filters comedians by name, case-insensitively", () => {
    const list = [{ name: "Priya Nair" }, { name: "Marcus Bell" }];
    expect(filterByName(list, "  PRI ")).toEqual([{ name: "Priya Nair" }]);
    expect(filterByName(list, "")).toEqual(list);
    expect(filterByName(list, "zzz")).toEqual([]);
  });

  it("requires a comedian name after trimming; the bio is optional", () => {
    expect(comedianSchema.safeParse({ name: "   " }).error!.issues[0].message).toBe("Comedian name is required");
    expect(comedianSchema.parse({ name: " Ann ", bio: "" })).toEqual({ name: "Ann", bio: null });
  });

  it("backs off between retries, capped at 10 seconds", () => {
    expect([0, 1, 2, 3, 4, 9].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });
});

import { describe, expect, it } from "vitest";
import { emailField, requiredText, submissionTokenField } from "~/lib/forms/fields";

// The shared field rules of the public forms, as the messages under a field read them.
const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("requiredText", () => {
  const name = requiredText("Name", 5);
  it("trims and accepts up to the limit", () => {
    expect(name.parse("  Ann  ")).toBe("Ann");
    expect(name.parse("Annie")).toBe("Annie");
  });
  it("names the field when it is blank, missing or too long", () => {
    expect(message(name.safeParse("   "))).toBe("Name is required");
    expect(message(name.safeParse(undefined))).toBe("Name is required");
    expect(message(name.safeParse("Annabel"))).toBe("Name must be at most 5 characters");
  });
});

describe("emailField", () => {
  const email = emailField();
  it("trims and lower-cases the address", () => {
    expect(email.parse("  Fan@Example.COM ")).toBe("fan@example.com");
  });
  it("says required, too long or not valid", () => {
    expect(message(email.safeParse(""))).toBe("Email is required");
    expect(message(email.safeParse(undefined))).toBe("Email is required");
    expect(message(email.safeParse(`${"a".repeat(64)}@${"b".repeat(186)}.com`))).toBe("Email is too long");
    expect(message(email.safeParse("fan@example"))).toBe("Enter a valid email address");
  });
  it("accepts an address of exactly 254 characters", () => {
    const at254 = `${"a".repeat(64)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(63)}.com`;
    expect(at254).toHaveLength(254);
    expect(email.parse(at254)).toBe(at254);
  });
});

describe("submissionTokenField", () => {
  const token = submissionTokenField();
  it("is optional (a form rendered before tokens existed still posts)", () => {
    expect(token.parse(undefined)).toBeUndefined();
  });
  it("accepts 16 to 64 URL-safe characters, trimmed", () => {
    expect(token.parse(` ${"aZ0_-".repeat(4)} `)).toBe("aZ0_-".repeat(4));
    expect(token.parse("a".repeat(64))).toBe("a".repeat(64));
  });
  it("asks for a reload when the token is short, long or has other characters", () => {
    for (const bad of ["a".repeat(15), "a".repeat(65), `${"a".repeat(16)}!`, `!${"a".repeat(16)}`]) {
      expect(message(token.safeParse(bad)), bad).toBe(
        "The form expired: please reload the page and try again",
      );
    }
  });
});

import { describe, expect, it } from "vitest";
import { submissionTokenField } from "~/lib/forms/fields";
import { newSubmissionToken } from "~/lib/submission-token";

describe("newSubmissionToken", () => {
  it("is 32 hex characters that the form's own field accepts", () => {
    const token = newSubmissionToken();
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(submissionTokenField().parse(token)).toBe(token);
  });

  it("differs between two renders of a form, so two real posts are never taken for one", () => {
    const tokens = new Set(Array.from({ length: 50 }, newSubmissionToken));
    expect(tokens.size).toBe(50);
  });

  it("keeps the leading zero of every byte (the length never shrinks)", () => {
    for (let i = 0; i < 50; i++) expect(newSubmissionToken()).toHaveLength(32);
  });
});

import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CURRENT_CONSENT } from "~/lib/consent";
import { newsletterSchema } from "~/lib/forms/newsletter";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

describe("newsletter schema", () => {
  const consent = CURRENT_CONSENT.newsletter;
  it("accepts and normalises an e-mail, refuses a bad one", () => {
    const ok = parseWithZod(form({ email: "Fan@Example.com", consent }), { schema: newsletterSchema });
    expect(ok.status === "success" && ok.value.email).toBe("fan@example.com");
    expect(parseWithZod(form({ email: "fan@", consent }), { schema: newsletterSchema }).status).toBe("error");
    expect(parseWithZod(form({ consent }), { schema: newsletterSchema }).status).toBe("error");
  });

  it("wants the consent wording's version the page showed: a current one of this list (issue 39)", () => {
    const parse = (c: string) =>
      parseWithZod(form({ email: "fan@example.com", consent: c }), { schema: newsletterSchema }).status;
    expect(parse(consent)).toBe("success");
    expect(parse(CURRENT_CONSENT.waitlist)).toBe("error");
    expect(parse("newsletter-1999-01")).toBe("error");
    expect(parse("newsletter-toString")).toBe("error");
    expect(parseWithZod(form({ email: "fan@example.com" }), { schema: newsletterSchema }).status).toBe(
      "error",
    );
  });
});

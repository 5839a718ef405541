import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { contactSchema } from "~/lib/forms/contact";
import { contestantApplicationSchema, FUN_BIO_MAX } from "~/lib/forms/contestant-application";
import { HONEYPOT_FIELD_NAME } from "~/lib/forms/honeypot";
import { newsletterSchema } from "~/lib/forms/newsletter";
import { isHoneypotFilled } from "~/utils/request-guards.server";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

describe("contact schema", () => {
  const good = { name: "Ann", email: " Ann@Example.COM ", subject: "Hi", message: "Hello there" };

  it("accepts a complete message and lower-cases the e-mail", () => {
    const result = parseWithZod(form(good), { schema: contactSchema });
    expect(result.status).toBe("success");
    if (result.status === "success") expect(result.value.email).toBe("ann@example.com");
  });

  it.each(["name", "email", "subject", "message"])("requires %s", (field) => {
    const result = parseWithZod(form({ ...good, [field]: "   " }), { schema: contactSchema });
    expect(result.status).toBe("error");
    expect(result.reply().error?.[field]?.[0]).toMatch(/required/i);
  });

  it("checks the e-mail format", () => {
    for (const email of ["a@b", "not-an-email", "x@y..com"]) {
      const result = parseWithZod(form({ ...good, email }), { schema: contactSchema });
      expect(result.reply().error?.email).toEqual(["Enter a valid email address"]);
    }
  });

  it("refuses a malformed submission token", () => {
    const result = parseWithZod(form({ ...good, submissionToken: "<script>" }), { schema: contactSchema });
    expect(result.status).toBe("error");
  });
});

describe("newsletter schema", () => {
  it("accepts and normalises an e-mail, refuses a bad one", () => {
    const ok = parseWithZod(form({ email: "Fan@Example.com" }), { schema: newsletterSchema });
    expect(ok.status === "success" && ok.value.email).toBe("fan@example.com");
    expect(parseWithZod(form({ email: "fan@" }), { schema: newsletterSchema }).status).toBe("error");
    expect(parseWithZod(form({}), { schema: newsletterSchema }).status).toBe("error");
  });
});

describe("contestant application schema", () => {
  const good = {
    from_name: "Pat Player",
    from_email: "pat@example.com",
    mobile_number: "+1 (519) 555-0199",
    is_over_19: "on",
    can_attend: "yes",
    accepts_terms: "on",
  };

  it("accepts the required fields alone; the second question and bio are optional", () => {
    const result = parseWithZod(form(good), { schema: contestantApplicationSchema });
    expect(result.status).toBe("success");
    if (result.status === "success") {
      expect(result.value.is_over_19).toBe(true);
      expect(result.value.will_attend_if_not_selected).toBeUndefined();
      expect(result.value.fun_bio).toBeUndefined();
    }
  });

  it("requires the age box, the attendance answer and the terms", () => {
    const { is_over_19: _a, can_attend: _b, accepts_terms: _c, ...rest } = good;
    const errors = parseWithZod(form(rest), { schema: contestantApplicationSchema }).reply().error ?? {};
    expect(Object.keys(errors).sort()).toEqual(["accepts_terms", "can_attend", "is_over_19"]);
  });

  it("refuses answers other than yes or no", () => {
    const result = parseWithZod(form({ ...good, can_attend: "maybe" }), {
      schema: contestantApplicationSchema,
    });
    expect(result.reply().error?.can_attend).toBeDefined();
  });

  it("limits the fun bio to 140 characters", () => {
    const at = parseWithZod(form({ ...good, fun_bio: "x".repeat(FUN_BIO_MAX) }), {
      schema: contestantApplicationSchema,
    });
    expect(at.status).toBe("success");
    const over = parseWithZod(form({ ...good, fun_bio: "x".repeat(FUN_BIO_MAX + 1) }), {
      schema: contestantApplicationSchema,
    });
    expect(over.reply().error?.fun_bio).toEqual(["Keep your bio to 140 characters or fewer"]);
  });

  it("refuses a mobile number without digits", () => {
    const result = parseWithZod(form({ ...good, mobile_number: "call me" }), {
      schema: contestantApplicationSchema,
    });
    expect(result.reply().error?.mobile_number).toEqual(["Enter a valid mobile number"]);
  });
});

it("the components' honeypot name is the one the server checks", () => {
  const filled = new FormData();
  filled.set(HONEYPOT_FIELD_NAME, "http://spam.example");
  expect(isHoneypotFilled(filled)).toBe(true);
  expect(isHoneypotFilled(new FormData())).toBe(false);
  // A browser never submits a field without a name, so a nameless honeypot would catch no one.
  // It must also not be a field a person fills in on any form.
  expect(HONEYPOT_FIELD_NAME).toMatch(/^[a-z]+$/);
  for (const schema of [contactSchema, newsletterSchema, contestantApplicationSchema]) {
    expect(Object.keys(schema.shape)).not.toContain(HONEYPOT_FIELD_NAME);
  }
});

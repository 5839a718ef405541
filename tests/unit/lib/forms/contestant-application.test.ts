import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { contactSchema } from "~/lib/forms/contact";
import {
  applicationErrorText,
  contestantApplicationSchema,
  FUN_BIO_MAX,
} from "~/lib/forms/contestant-application";
import { HONEYPOT_FIELD_NAME } from "~/lib/forms/honeypot";
import { newsletterSchema } from "~/lib/forms/newsletter";
import { isHoneypotFilled } from "~/utils/request-guards.server";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

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

  it("takes yes or no to both attendance questions", () => {
    for (const answer of ["yes", "no"]) {
      const result = parseWithZod(
        form({ ...good, can_attend: answer, will_attend_if_not_selected: answer }),
        {
          schema: contestantApplicationSchema,
        },
      );
      expect(result.status === "success" && result.value).toMatchObject({
        can_attend: answer,
        will_attend_if_not_selected: answer,
      });
    }
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

  it("says which answer is missing", () => {
    const errors = parseWithZod(form({ from_email: "pat@example.com" }), {
      schema: contestantApplicationSchema,
    }).reply().error;
    expect(errors?.from_name).toEqual(["Full name is required"]);
    expect(errors?.mobile_number).toEqual(["Mobile number is required"]);
    expect(errors?.is_over_19).toEqual(["You must confirm you meet the minimum age"]);
    expect(errors?.can_attend).toEqual(["Please answer whether you can attend"]);
    expect(errors?.accepts_terms).toEqual(["You must agree to the terms to apply"]);
  });

  it("refuses an unticked age or terms box sent as false", () => {
    const values = {
      ...good,
      from_email: "pat@example.com",
      is_over_19: false,
      accepts_terms: false,
    };
    const messages = contestantApplicationSchema.safeParse(values).error?.issues.map((i) => i.message);
    expect(messages).toEqual([
      "You must confirm you meet the minimum age",
      "You must agree to the terms to apply",
    ]);
  });

  it("keeps a mobile number and a bio trimmed, and takes yes or no to the second question", () => {
    const result = parseWithZod(
      form({
        ...good,
        mobile_number: " +1 519 555 0199 ",
        fun_bio: "  Dad jokes  ",
        will_attend_if_not_selected: "no",
      }),
      { schema: contestantApplicationSchema },
    );
    expect(result.status === "success" && result.value).toMatchObject({
      mobile_number: "+1 519 555 0199",
      fun_bio: "Dad jokes",
      will_attend_if_not_selected: "no",
    });
    const maybe = parseWithZod(form({ ...good, will_attend_if_not_selected: "maybe" }), {
      schema: contestantApplicationSchema,
    });
    expect(maybe.reply().error?.will_attend_if_not_selected).toBeDefined();
  });

  it("refuses a mobile number with words before or after it", () => {
    for (const mobile_number of ["call 519 555 0199", "519 555 0199 after six"]) {
      const result = parseWithZod(form({ ...good, mobile_number }), { schema: contestantApplicationSchema });
      expect(result.reply().error?.mobile_number).toEqual(["Enter a valid mobile number"]);
    }
  });

  it("keeps the page to go back to, up to 300 characters", () => {
    const back = parseWithZod(form({ ...good, returnTo: "/event/3" }), {
      schema: contestantApplicationSchema,
    });
    expect(back.status === "success" && back.value.returnTo).toBe("/event/3");
    const long = parseWithZod(form({ ...good, returnTo: `/${"x".repeat(300)}` }), {
      schema: contestantApplicationSchema,
    });
    expect(long.status).toBe("error");
  });

  it("gives the address to write to when the application could not be sent", () => {
    expect(applicationErrorText("hello@laughwindsor.example")).toBe(
      "There was an error submitting your application. Please try again or contact us directly at hello@laughwindsor.example",
    );
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

import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CONTACT_SUCCESS, contactErrorText, contactSchema } from "~/lib/forms/contact";

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

  it("names the missing field in its message", () => {
    const errors = parseWithZod(form({ email: "ann@example.com" }), { schema: contactSchema }).reply().error;
    expect(errors?.name).toEqual(["Name is required"]);
    expect(errors?.subject).toEqual(["Subject is required"]);
    expect(errors?.message).toEqual(["Message is required"]);
  });

  it("thanks the visitor, or gives the address to write to when sending failed", () => {
    expect(CONTACT_SUCCESS).toBe("Your message has been sent successfully! We'll get back to you soon.");
    expect(contactErrorText("hello@laughwindsor.example")).toBe(
      "There was an error sending your message. Please try again or email directly to hello@laughwindsor.example.",
    );
  });
});

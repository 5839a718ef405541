import { expect, it } from "vitest";
import { spendPublicFormBudget } from "~/utils/public-form.server";

it("gives each IP ten accepted submissions per form in ten minutes, then asks it to wait", async () => {
  const ip = `203.0.113.${Math.floor(Math.random() * 250)}`;
  for (let i = 0; i < 10; i++) expect((await spendPublicFormBudget("contact", ip)).ok).toBe(true);
  const refused = await spendPublicFormBudget("contact", ip);
  expect(refused.ok).toBe(false);
  if (!refused.ok)
    expect(refused.message).toMatch(
      /^Too many submissions from your connection\. Try again in \d+ minutes?\.$/,
    );
  // Another form and another IP have their own budgets.
  expect((await spendPublicFormBudget("newsletter", ip)).ok).toBe(true);
  expect((await spendPublicFormBudget("contact", "198.51.100.7")).ok).toBe(true);
});

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

it("counts every address of one IPv6 /64 as one connection (no fresh budget per address)", async () => {
  const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
  for (let i = 1; i <= 10; i++)
    expect((await spendPublicFormBudget("contact", `${network}::${i.toString(16)}`)).ok).toBe(true);
  expect((await spendPublicFormBudget("contact", `${network}:ffff:ffff:ffff:ff`)).ok).toBe(false);
  // Another /64 is another connection.
  expect((await spendPublicFormBudget("contact", `${network.slice(0, -1)}2::1`)).ok).toBe(true);
});

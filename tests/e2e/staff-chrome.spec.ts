import { closeTestRound, createRound } from "../support/voting";
import { expect, test } from "./fixtures";

/**
 * Issue 42, item 8: signed-in staff on /results are at work: the staff header (Shows, Voting,
 * Booking, Inboxes, View site), not the public one; a visitor at the gate keeps the public
 * header, and the projector shows neither.
 */
test.describe("the staff header on /results", () => {
  test("staff get the staff header; a visitor at the gate gets the public one", async ({
    page,
    db,
    signIn,
  }) => {
    const round = createRound(db, "Staff Header Round", [{ name: "Ann Comic" }]).roundId;
    await page.goto(`/results?round=${round}`);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Staff" })).toHaveCount(0);

    await signIn(`/results?round=${round}`);
    const staffNav = page.getByRole("navigation", { name: "Staff" });
    await expect(staffNav.getByRole("link", { name: "Shows" })).toHaveAttribute("href", "/admin");
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    // The header sits at the top of the page, not over the standings.
    const header = await page.locator(".staff-header").boundingBox();
    expect(header?.y).toBe(0);

    await page.goto(`/results?round=${round}&view=projector`);
    await expect(page.locator(".staff-header")).toBeHidden();
    closeTestRound(db, round);
  });
});

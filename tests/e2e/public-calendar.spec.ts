import { shiftMonth } from "~/lib/calendar";
import { addDaysIso, formatMonthYear, todayIn } from "~/lib/dates";
import { startSeededServer, type SeededServer } from "../support/server";
import { seededShow } from "../support/shows";
import { expect, test } from "./fixtures";

/**
 * "Upcoming Events" lists the next shows of all: other specs add shows to the shared database
 * (some before the demo's), so that list's test reads a freshly seeded database of its own.
 */
let fresh: SeededServer | undefined;
test.afterAll(async () => fresh?.close());
const freshServer = async () => (fresh ??= await startSeededServer({}, "calendar"));

test.describe("calendar", () => {
  test("the current month: weekday headers, today highlighted, Upcoming Events list", async ({ page }) => {
    const today = todayIn();
    await page.goto(`${(await freshServer()).url}/calendar`);
    await expect(page.getByRole("heading", { name: formatMonthYear(today) })).toBeVisible();
    const headers = await page.getByRole("columnheader").allTextContents();
    expect(headers).toEqual(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
    const todayCell = page.locator('td[aria-current="date"]');
    await expect(todayCell).toHaveCount(1);
    await expect(todayCell.locator(".cal-day")).toContainText(String(Number(today.slice(8))));
    // Leading blanks pad the first week up to the 1st.
    const firstWeekday = new Date(`${today.slice(0, 7)}-01T12:00:00`).getDay();
    await expect(page.locator("tbody tr").first().locator("td.cal-blank")).toHaveCount(firstWeekday);

    const list = page.getByRole("region", { name: "Upcoming Events" }).getByRole("listitem");
    await expect(list).toHaveCount(5);
    await expect(list.first().getByRole("link", { name: /More Info/ })).toHaveAttribute(
      "href",
      /^\/event\/\d+$/,
    );
    // GET TICKETS only for platform shows with a ticket URL.
    const waterfront = list.filter({ hasText: "Laughs on the Waterfront" });
    await expect(waterfront.getByRole("link", { name: /GET TICKETS/ })).toHaveCount(1);
    await expect(
      list.filter({ hasText: "Tuesday Night" }).getByRole("link", { name: /GET TICKETS/ }),
    ).toHaveCount(0);
  });

  test("previous and next months work as links, invalid months show the current one", async ({ page }) => {
    const month = todayIn().slice(0, 7);
    await page.goto("/calendar");
    await page.getByRole("link", { name: "Next month" }).click();
    await expect(page).toHaveURL(new RegExp(`month=${shiftMonth(month, 1)}`));
    await expect(page.getByRole("heading", { name: formatMonthYear(shiftMonth(month, 1)) })).toBeVisible();
    await page.getByRole("link", { name: "Previous month" }).click();
    // Each click follows the link of the month on screen: wait for it before the next one.
    await expect(page.getByRole("heading", { name: formatMonthYear(month) })).toBeVisible();
    await page.getByRole("link", { name: "Previous month" }).click();
    await expect(page.getByRole("heading", { name: formatMonthYear(shiftMonth(month, -1)) })).toBeVisible();

    const response = await page.goto("/calendar?month=2026-13");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: formatMonthYear(month) })).toBeVisible();
  });

  test("show tiles link to the event; series carry a Series badge", async ({ page, db }) => {
    const series = seededShow(db, "Tuesday Night Stand-Up at Tipsy Toucan");
    const date = addDaysIso(series.date, 7);
    await page.goto(`/calendar?month=${date.slice(0, 7)}`);
    // The series' own tile: other specs' shows may share its day (a test that creates a series
    // on today's weekday puts a second Series badge in the same cell).
    const tile = page.locator(`td a[href="/event/${series.id}"]`).first();
    await expect(tile.locator(".badge", { hasText: "Series" })).toBeVisible();
    await tile.click();
    await expect(page.getByRole("heading", { level: 1, name: series.title })).toBeVisible();
  });

  test("archived shows are greyed, non-clickable Archived Event tiles", async ({ page, db }) => {
    const archived = seededShow(db, "Summer Patio Send-Off");
    await page.goto(`/calendar?month=${archived.date.slice(0, 7)}`);
    const tile = page.locator(".cal-tile--archived", { hasText: "Archived Event" });
    await expect(tile).toHaveCount(1);
    await expect(tile).toHaveAttribute("aria-disabled", "true");
    await expect(page.locator(`a[href="/event/${archived.id}"]`)).toHaveCount(0);
  });
});

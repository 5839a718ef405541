import { inArray } from "drizzle-orm";
import { events } from "~/db/schema";
import { todayIn } from "~/lib/dates";
import { showPath } from "~/lib/slug";
import { uniq } from "../support/voting";
import { expect, test } from "./fixtures";

/**
 * Dates outside the current year (in Toronto) show their year; this year's do not
 * (lib/dates dateNeedsYear). Checked on the home card and on both show pages.
 */
test("a show next year shows its year on its card and its pages; a show this year does not", async ({
  page,
  db,
  javaScriptOn,
}) => {
  const today = todayIn();
  const nextYear = Number(today.slice(0, 4)) + 1;
  const tag = `${javaScriptOn ? "js" : "nojs"}-${uniq()}`;
  const later = db
    .insert(events)
    .values({
      title: `New Year Laughs ${tag}`,
      date: `${nextYear}-01-09`,
      time: "20:00",
      venue: "Tipsy Toucan",
      price: "$20",
      ticketUrl: "https://www.eventbrite.ca/e/new-year-laughs-tickets-1",
    })
    .returning()
    .get();
  // Today at 23:30: still upcoming, and always in the current year.
  const soon = db
    .insert(events)
    .values({
      title: `This Year Laughs ${tag}`,
      date: today,
      time: "23:30",
      venue: "Tipsy Toucan",
      price: "$20",
      ticketUrl: "https://www.eventbrite.ca/e/this-year-laughs-tickets-2",
    })
    .returning()
    .get();
  try {
    await page.goto(`/?q=${encodeURIComponent(tag)}`);
    const card = (title: string) =>
      page.locator("#events article").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(card(later.title).locator(".show-card__when time")).toHaveText(
      new RegExp(`^\\w{3}, Jan 9, ${nextYear}$`),
    );
    await expect(card(soon.title).locator(".show-card__when time")).toHaveText(/^\w{3}, \w{3} \d{1,2}$/);

    for (const path of [`/event/${later.id}`, showPath(later)]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: later.title })).toBeVisible();
      await expect(page.locator(".ticket-bar__when")).toContainText(`Jan 9, ${nextYear}`);
      await expect(page.locator("main time").first()).toContainText(String(nextYear));
    }
    await page.goto(`/event/${soon.id}`);
    await expect(page.locator(".ticket-bar__when")).not.toContainText(today.slice(0, 4));
  } finally {
    db.delete(events)
      .where(inArray(events.id, [later.id, soon.id]))
      .run();
  }
});

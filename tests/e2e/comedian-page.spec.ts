import { eq } from "drizzle-orm";
import { comedians } from "~/db/schema";
import { comedianSlug } from "~/lib/lineup";
import { trackingCodeOf } from "~/lib/tracking";
import { seededShow } from "../support/shows";
import { expect, test } from "./fixtures";

/**
 * Issue 42, item 6: a comedian's page lists their dates one per entry, each with its show, venue,
 * its own GET TICKETS (carrying the comic's tracking code) and its own Add to calendar; the show
 * where the room votes links to /vote. JavaScript on and off.
 */
test("a comedian's dates are a list: each date with its show, venue, tickets and calendar", async ({
  page,
  db,
}) => {
  const name = "Omar Haddad";
  const omar = db.select().from(comedians).where(eq(comedians.name, name)).get()!;
  const code = trackingCodeOf(omar.id);
  await page.goto(`/comedians/${comedianSlug(name)}`);
  const list = page.getByRole("list", { name: "Upcoming shows" });
  const items = list.locator(":scope > li");
  await expect(items).toHaveCount(2);
  const dates: string[] = [];
  const ticketLooks: string[] = [];
  for (const [i, title] of ["Laughs on the Waterfront", "Wolfhead Late Show"].entries()) {
    const item = items.nth(i);
    dates.push((await item.locator("time").getAttribute("datetime"))!);
    await expect(item.getByRole("link", { name: title, exact: true })).toHaveAttribute(
      "href",
      new RegExp(`aff=${code}$`),
    );
    await expect(item.locator(".venue-link")).toHaveCount(1);
    // Its own ticket link, through the comic's tracking code (issue 41's draw).
    const tickets = item.getByRole("link", { name: /^GET TICKETS/ });
    await expect(tickets).toHaveCount(1);
    expect(new URL((await tickets.getAttribute("href"))!).searchParams.get("aff")).toBe(code);
    ticketLooks.push(await tickets.evaluate((a) => `${a.className} ${getComputedStyle(a).backgroundColor}`));
    // Its own calendar menu: this date's file and its Google event, hidden until opened.
    const menu = item.locator("details.calendar-menu");
    await expect(menu.getByRole("link")).toHaveCount(0);
    await menu.locator("summary").click();
    const show = seededShow(db, title);
    await expect(menu.getByRole("link", { name: "Apple, Outlook (.ics file)" })).toHaveAttribute(
      "href",
      `/event/${show.id}/calendar.ics?date=${dates[i]}`,
    );
    await expect(menu.getByRole("link", { name: /^Google Calendar/ })).toHaveAttribute(
      "href",
      /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
    );
    const ics = await (await page.request.get(`/event/${show.id}/calendar.ics?date=${dates[i]}`)).text();
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain(`SUMMARY:${title}`);
  }
  expect([...dates].sort()).toEqual(dates);
  // One look for the same action: the synced show's link and the local show's (both on the
  // platform) are drawn alike, in the platform's colours (issue 42: the first was orange, the
  // second yellow).
  expect(ticketLooks[0]).toMatch(/button--eventbrite/);
  expect(ticketLooks[1]).toBe(ticketLooks[0]);
  // The comic's own feed: one menu too.
  const follow = page.locator("details.calendar-menu").filter({ hasText: `Follow ${name}'s shows` });
  await follow.locator("summary").click();
  await expect(follow.getByRole("link", { name: /^Subscribe \(Apple/ })).toHaveAttribute(
    "href",
    new RegExp(`^webcal://.+/comedians/${comedianSlug(name)}/calendar\\.ics$`),
  );
});

test("the show where the room votes links to /vote; a show without a round does not", async ({
  page,
  db,
}) => {
  await page.goto(`/event/${seededShow(db, "2 Minutes to Kill - Comedy Competition").id}`);
  await expect(page.getByRole("link", { name: "Vote at /vote" })).toHaveAttribute("href", "/vote");
  await page.getByRole("link", { name: "Vote at /vote" }).click();
  await expect(page).toHaveURL(/\/vote$/);
  await page.goto(`/event/${seededShow(db, "Tuesday Night Stand-Up at Tipsy Toucan").id}`);
  await expect(page.getByRole("link", { name: "Vote at /vote" })).toHaveCount(0);
});

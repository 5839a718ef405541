import { eq } from "drizzle-orm";
import { events } from "~/db/schema";
import { addDaysIso, formatLongDate, todayIn } from "~/lib/dates";
import { insertShow, seededId, seededShow } from "../support/shows";
import { expect, test } from "./fixtures";

test.describe("event page", () => {
  test("shows the show's details, price and refund policy in the first response @once", async ({
    page,
    db,
  }) => {
    const id = seededId(db, "Headliner Friday: Club Special");
    const response = await page.goto(`/event/${id}`);
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole("heading", { level: 1, name: "Headliner Friday: Club Special" }),
    ).toBeVisible();
    await expect(page.locator(".event-hero .badge", { hasText: "Club Show" })).toBeVisible();
    const facts = page.getByRole("complementary", { name: "Event details" });
    await expect(facts.getByText("Starting at $30")).toBeVisible();
    await expect(facts.getByText("No Refunds")).toBeVisible();
    await expect(facts.getByText("9:30 PM")).toBeVisible();
    await expect(facts.getByRole("link", { name: "Tipsy Toucan", exact: true })).toHaveAttribute(
      "href",
      "/tipsy-toucan",
    );
    // No source gives the club's street (issue 42): the visitor gets a maps search by its name.
    await expect(facts.getByRole("link", { name: /Search the map for Tipsy Toucan/ })).toBeVisible();
    await expect(page).toHaveTitle(/Headliner Friday/);
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });

  test("a recurring show's date picker changes date, time and price", async ({ page, db, javaScriptOn }) => {
    const show = seededShow(db, "Tuesday Night Stand-Up at Tipsy Toucan");
    await page.goto(`/event/${show.id}`);
    const facts = page.getByRole("complementary", { name: "Event details" });
    await expect(page.locator(".event-hero .badge", { hasText: "Series" })).toBeVisible();
    const picker = page.getByLabel("Choose a date");
    await expect(picker.locator("option")).toHaveCount(5);
    await expect(facts.getByText("Starting at $20")).toBeVisible();

    // The third date has its own price; the fourth its own time.
    const third = addDaysIso(show.date, 14);
    await picker.selectOption(third);
    if (!javaScriptOn) await page.getByRole("button", { name: "Show this date" }).click();
    await expect(page).toHaveURL(new RegExp(`date=${third}`));
    await expect(facts.getByText(formatLongDate(third), { exact: true })).toBeVisible();
    await expect(facts.getByText("Starting at $25")).toBeVisible();

    const fourth = addDaysIso(show.date, 21);
    await page.getByLabel("Choose a date").selectOption(fourth);
    if (!javaScriptOn) await page.getByRole("button", { name: "Show this date" }).click();
    await expect(facts.getByText("9:00 PM", { exact: true })).toBeVisible();
    await expect(facts.getByText("Starting at $20")).toBeVisible();
  });

  test("shows with the same title are merged into one set of dates", async ({ page, db }) => {
    await page.goto(`/event/${seededId(db, "Laughs on the Waterfront")}`);
    await expect(page.getByLabel("Choose a date").locator("option")).toHaveCount(2);
  });

  test("the title-range fallback gives two dates and the description's two times", async ({ page, db }) => {
    const row = db
      .select()
      .from(events)
      .all()
      .find((e) => e.title.startsWith("Patio Comedy Series"))!;
    await page.goto(`/event/${row.id}`);
    const options = page.getByLabel("Choose a date").locator("option");
    await expect(options).toHaveCount(2);
    // Short dates in the picker; the year only outside the current one (lib/dates dateNeedsYear).
    await expect(options.nth(0)).toHaveText(/ 5(, \d{4})? · 7:00 PM$/);
    await expect(options.nth(1)).toHaveText(/ 19(, \d{4})? · 9:30 PM$/);
  });

  test("a description with markup is sanitized HTML; plain text keeps its line breaks @once", async ({
    page,
    db,
  }) => {
    await page.goto(`/event/${seededId(db, "Comedy in the Vines")}`);
    const overview = page.locator(".event-overview");
    await expect(overview.getByRole("listitem").filter({ hasText: "Three comics" })).toBeVisible();
    await expect(overview.locator("strong")).toHaveText("Comedy in the Vines");
    expect(await overview.innerHTML()).not.toContain("<script");
    await expect(page.locator(".event-hero .badge", { hasText: "Winery Event" })).toBeVisible();

    await page.goto(`/event/${seededId(db, "Tuesday Night Stand-Up at Tipsy Toucan")}`);
    const plain = page.locator(".event-overview .plain");
    await expect(plain).toHaveCSS("white-space", "pre-line");
    expect(await plain.textContent()).toContain("\nDoors open");
  });

  test("a TBA show without an image shows TBA and the stock image @once", async ({ page, db }) => {
    await page.goto(`/event/${seededId(db, "New Material Night")}`);
    await expect(
      page.getByRole("complementary", { name: "Event details" }).getByText("TBA", { exact: true }),
    ).toBeVisible();
    await expect(page.locator(".event-hero img")).toHaveAttribute("src", "/images/stock-show.svg");
  });

  test("an image that fails to load is swapped for the stock image", async ({ page, db, javaScriptOn }) => {
    test.skip(!javaScriptOn, "the swap after a load error needs JavaScript");
    const row = insertShow(db, {
      title: `Broken Image Show ${Date.now()}`,
      date: addDaysIso(todayIn(), 300),
      venue: "Somewhere",
      imageUrl: "/images/no-such-image.png",
    });
    try {
      await page.goto(`/event/${row.id}`);
      await expect(page.locator(".event-hero img")).toHaveAttribute("src", "/images/stock-show.svg");
    } finally {
      db.delete(events).where(eq(events.id, row.id)).run();
    }
  });

  test("SUBMIT YOUR ENTRY appears when the show has an entry form @once", async ({ page, db }) => {
    await page.goto(`/event/${seededId(db, "2 Minutes to Kill - Comedy Competition")}`);
    await expect(page.getByRole("link", { name: "SUBMIT YOUR ENTRY" })).toHaveAttribute(
      "href",
      "https://forms.example.com/2-minutes-to-kill-entry",
    );
    await page.goto(`/event/${seededId(db, "Headliner Friday: Club Special")}`);
    await expect(page.getByRole("link", { name: "SUBMIT YOUR ENTRY" })).toHaveCount(0);
  });

  test("sold-out shows say so and offer no tickets @once", async ({ page, db }) => {
    await page.goto(`/event/${seededId(db, "Sip & Giggle at the Winery")}`);
    await expect(page.locator(".event-hero .badge", { hasText: "SOLD OUT" })).toBeVisible();
    await expect(page.getByRole("link", { name: "GET TICKETS" })).toHaveCount(0);
  });

  test("GET TICKETS: a new tab without JavaScript; the checkout modal with it, which needs HTTPS", async ({
    page,
    db,
    javaScriptOn,
  }) => {
    const show = seededShow(db, "Wolfhead Late Show");
    await page.goto(`/event/${show.id}`);
    const button = page.getByRole("main").getByRole("link", { name: "GET TICKETS" }).first();
    await expect(button).toHaveAttribute("href", show.ticketUrl!);
    await expect(button).toHaveAttribute("target", "_blank");
    if (!javaScriptOn) return;
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
    await expect(dialog).toBeVisible();
    // The test server is plain HTTP: the widget is never loaded.
    await expect(dialog.getByRole("alert")).toHaveText(
      "Eventbrite checkout requires HTTPS for security reasons.",
    );
    await expect(dialog.getByRole("link", { name: "Continue to Eventbrite" })).toHaveAttribute(
      "href",
      show.ticketUrl!,
    );
    await expect(page.locator('script[src*="eb_widgets"]')).toHaveCount(0);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("on a phone a fixed ticket bar stays at the bottom", async ({ page, db }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/event/${seededId(db, "Wolfhead Late Show")}`);
    const bar = page.getByRole("region", { name: "Tickets" });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveCSS("position", "fixed");
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(bar).toBeHidden();
  });

  test("the contestant show links to its application anchor @once", async ({ page, db }) => {
    await page.goto(`/event/${seededId(db, "Game On! Comedy Game Show with host Danny Vega")}`);
    await expect(page.getByRole("link", { name: "Apply to be a contestant" })).toHaveAttribute(
      "href",
      "#contestant-application",
    );
    await expect(page.locator("#contestant-application")).toHaveCount(1);
  });

  for (const bad of ["abc", "..%2Fx", "99999999999999999999", "0", "-1", "1.5", "12345678"]) {
    test(`an unknown or malformed id (${bad}) is a real 404 with Back to Home @once`, async ({ page }) => {
      const response = await page.goto(`/event/${bad}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Event not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
    });
  }
});

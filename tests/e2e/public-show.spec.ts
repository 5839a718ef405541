import { eq } from "drizzle-orm";
import { waitlistEntries } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import { showSlug } from "~/lib/slug";
import { insertShow, seededShow } from "../support/shows";
import { expect, test } from "./fixtures";

test.describe("show by slug", () => {
  test("finds the show from its slug and shows the spec's sections", async ({ page, db }) => {
    const show = seededShow(db, "Laughs on the Waterfront");
    const response = await page.goto(`/show/${showSlug(show)}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Laughs on the Waterfront" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Event Overview" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Date and time" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Location" })).toBeVisible();
    await expect(page.getByText("Includes all fees and taxes")).toBeVisible();
    await expect(page.getByRole("link", { name: "GET TICKETS NOW" }).first()).toHaveAttribute(
      "href",
      show.ticketUrl!,
    );
    await expect(page.getByRole("link", { name: "Order on Eventbrite" }).first()).toHaveAttribute(
      "target",
      "_blank",
    );
    await expect(page.getByRole("link", { name: "Back to Events" })).toBeVisible();
    await expect(page.locator("#contestant-application")).toHaveCount(1);
  });

  test("a slug with different but matching title words still finds the show @once", async ({ page, db }) => {
    const show = seededShow(db, "Laughs on the Waterfront");
    await page.goto(`/show/waterfront-laughs-xx-yy-${show.date}`);
    await expect(page.getByRole("heading", { level: 1, name: "Laughs on the Waterfront" })).toBeVisible();
  });

  test("unknown and malformed slugs go to /404 @once", async ({ page, db }) => {
    const show = seededShow(db, "Laughs on the Waterfront");
    for (const slug of ["nope", "laughs-on-the-waterfront-2001-01-01", `zzz-yyy-xxx-www-${show.date}`]) {
      const response = await page.goto(`/show/${slug}`);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveURL(/\/404$/);
    }
  });

  test("a sold-out show has the overlay and no ticket bar", async ({ page, db }) => {
    const show = seededShow(db, "Sip & Giggle at the Winery");
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/show/${showSlug(show)}`);
    await expect(page.locator(".sold-out-overlay")).toHaveText("SOLD OUT");
    await expect(page.getByRole("link", { name: "GET TICKETS NOW" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Tickets" })).toHaveCount(0);
  });

  test("a sold-out show's hero links to its waitlist form further down (issue 42)", async ({ page, db }) => {
    const show = insertShow(db, {
      title: `Sold Out Hero Link ${Date.now()}`,
      date: addDaysIso(todayIn(), 9),
      time: "20:00",
      venue: "Tipsy Toucan",
      ticketUrl: "https://tickets.example/hero-waitlist",
      soldOut: true,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/event/${show.id}`);
    const link = page.locator(".event-hero").getByRole("link", { name: "Tell me when tickets free up" });
    // On the first screen, next to the sold-out notice.
    expect((await link.boundingBox())!.y).toBeLessThan(844);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`#waitlist-${show.date}$`));
    const email = page.getByRole("form", { name: "Tell me when tickets free up" }).getByLabel("Email");
    await expect(email).toBeInViewport();
  });

  test("a sold-out show's shareable page offers the waitlist, and joining it works (issue 40: one show page)", async ({
    page,
    db,
    javaScriptOn,
  }) => {
    const title = `Waitlisted Slug Night ${javaScriptOn ? "js" : "nojs"} ${Date.now()}`;
    const show = insertShow(db, {
      title,
      date: addDaysIso(todayIn(), 9),
      time: "20:00",
      venue: "Tipsy Toucan",
      ticketUrl: "https://tickets.example/slug-waitlist",
      soldOut: true,
    });
    await page.goto(`/show/${showSlug(show)}`);
    await expect(page.getByRole("heading", { name: "Event Overview" })).toBeVisible();
    const form = page.getByRole("form", { name: "Tell me when tickets free up" });
    await expect(form).toBeVisible();
    await expect(page.getByRole("link", { name: "GET TICKETS NOW" })).toHaveCount(0);
    await form.getByLabel("Email").fill("slug-fan@example.com");
    await form.getByRole("button", { name: "Tell me" }).click();
    // Double opt-in (issue 39): stored unconfirmed, a confirmation e-mail queued.
    await expect(
      page.getByRole("status").filter({ hasText: "Almost done: we've e-mailed a link" }),
    ).toBeVisible();
    const stored = db.select().from(waitlistEntries).where(eq(waitlistEntries.eventId, show.id)).all();
    expect(stored.map((e) => [e.email, e.date, e.confirmedAt])).toEqual([
      ["slug-fan@example.com", show.date, null],
    ]);
    // The same show's other address offers the same form.
    await page.goto(`/event/${show.id}`);
    await expect(page.getByRole("form", { name: "Tell me when tickets free up" })).toBeVisible();
  });

  test("on a phone the sticky bar shows, with the mobile price and refund texts", async ({ page, db }) => {
    const show = seededShow(db, "Headliner Friday: Club Special");
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/show/${showSlug(show)}`);
    await expect(page.getByRole("region", { name: "Tickets" })).toBeVisible();
    await expect(page.getByText("See all pricing options at checkout")).toBeVisible();
    await expect(page.getByText("No Refunds")).toBeVisible();
  });

  test("on a desktop the sticky bar appears after scrolling past 200 px", async ({
    page,
    db,
    javaScriptOn,
  }) => {
    test.skip(!javaScriptOn, "the scroll rule needs JavaScript");
    const show = seededShow(db, "Headliner Friday: Club Special");
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto(`/show/${showSlug(show)}`);
    const bar = page.getByRole("region", { name: "Tickets" });
    await expect(bar).toBeHidden();
    await page.mouse.wheel(0, 400);
    await expect(bar).toBeVisible();
  });

  test("the ticket button opens the checkout modal when the URL has an event id", async ({
    page,
    db,
    javaScriptOn,
  }) => {
    test.skip(!javaScriptOn, "the modal needs JavaScript; without it the link opens the platform");
    const show = seededShow(db, "Headliner Friday: Club Special");
    await page.goto(`/show/${showSlug(show)}`);
    await page.getByRole("link", { name: "GET TICKETS NOW" }).first().click();
    await expect(page.getByRole("dialog", { name: "Complete Your Purchase" })).toBeVisible();
  });
});

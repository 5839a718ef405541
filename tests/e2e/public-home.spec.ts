import { addDaysIso, todayIn } from "~/lib/dates";
import { seasonalCollectionNear } from "~/lib/seasonal";
import { nextFathersDay } from "../../scripts/seeds/demo";
import { expect, test } from "./fixtures";
import { openFilters } from "./public-helpers";

test.describe("home", () => {
  test("renders every section in the first response, in the spec's order @once", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    // Server-rendered: the shows are in the HTML itself, no splash.
    expect(html).toContain("Tuesday Night Stand-Up at Tipsy Toucan");
    expect(html).not.toMatch(/splash/i);

    // The grid's six shows, then the carousel holds the other upcoming shows: each show once in the
    // two (issue 42, item 4).
    const grid = page.locator("#events article");
    await expect(grid).toHaveCount(6);
    await expect(grid.first()).toContainText("Tuesday Night Stand-Up at Tipsy Toucan");
    const carousel = page.getByRole("region", { name: "Upcoming shows" });
    await expect(carousel.locator(".carousel__slide").first()).toBeVisible();
    const gridTitles = await page.locator("#events article h3").allTextContents();
    const slideTitles = await carousel.locator(".carousel__title").allTextContents();
    expect(slideTitles.length).toBeGreaterThan(0);
    expect(slideTitles.filter((t) => gridTitles.includes(t))).toEqual([]);

    // The next shows and their filter come first; the carousel after them (issue 15).
    const order = await page.evaluate(() => {
      const list = document.querySelector("#events");
      const carousel = document.querySelector(".carousel");
      return list && carousel ? list.compareDocumentPosition(carousel) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
    });
    expect(order).toBeTruthy();
    // The seasonal collection shows only when Father's Day is near (app/lib/seasonal.ts).
    const fathersDay = nextFathersDay(todayIn());
    const near = seasonalCollectionNear([addDaysIso(fathersDay, -2)], todayIn());
    await expect(page.getByRole("heading", { name: "Epic Dads Comedy Weekend" })).toHaveCount(near ? 1 : 0);

    // The next two club shows, one line each (their cards are in the grid above).
    const club = page.getByRole("region", { name: "Club Shows" });
    await expect(club.getByRole("listitem")).toHaveCount(2);
    await expect(club.getByRole("listitem").first()).toContainText("Tuesday Night Stand-Up at Tipsy Toucan");
    await expect(club.getByRole("listitem").first().getByRole("link")).toHaveAttribute(
      "href",
      /^\/event\/\d+$/,
    );
    await expect(club.getByRole("link", { name: "All club shows" })).toHaveAttribute("href", "/club-shows");

    await expect(page.getByRole("heading", { name: "Follow us" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Instagram" }).first()).toHaveAttribute(
      "href",
      /instagram\.com/,
    );
    await expect(page.getByRole("link", { name: "Browse comedy shows in Windsor" })).toHaveAttribute(
      "href",
      "/comedy-shows-windsor",
    );
  });

  test("event cards follow the spec: badges, price, buttons, contestant link", async ({ page }) => {
    await page.goto("/?all=1");
    const grid = page.locator("#events");
    const soldOut = grid.locator("article", { hasText: "Sip & Giggle at the Winery" });
    await expect(soldOut.locator(".badge", { hasText: "SOLD OUT" })).toBeVisible();
    await expect(soldOut.locator(".badge", { hasText: "Winery Event" })).toBeVisible();
    await expect(soldOut.getByText("From $45")).toBeVisible();

    const tba = grid.locator("article", { hasText: "New Material Night" });
    await expect(tba.getByText("TBA", { exact: true })).toBeVisible();
    await expect(tba.locator("img")).toHaveAttribute("src", "/images/stock-show.svg");

    const waterfront = grid.locator("article", { hasText: "Laughs on the Waterfront" });
    await expect(waterfront.getByRole("link", { name: /GET TICKETS/ })).toHaveClass(/button--eventbrite/);
    await expect(waterfront.locator(".badge", { hasText: "Series" })).toBeVisible();
    // The platform's ticket icon beside GET TICKETS on every card and slide, drawn by the stylesheet
    // in the button's text colour: no inline SVG per button (a home page lists 40-odd).
    const icons = await page.locator("a.button--eventbrite").evaluateAll((links) =>
      links.map((a) => {
        const icon = getComputedStyle(a, "::before");
        return {
          svg: a.querySelector("svg") !== null,
          width: icon.width,
          mask: icon.maskImage || icon.webkitMaskImage,
        };
      }),
    );
    expect(icons.length).toBeGreaterThan(6);
    for (const icon of icons) {
      expect(icon.svg).toBe(false);
      expect(icon.width).toMatch(/^1[68]px$/);
      expect(icon.mask).toContain("data:image/svg+xml");
    }

    const gameOn = grid.locator("article", { hasText: "Game On!" });
    const apply = gameOn.getByRole("link", { name: "Apply to be a contestant" });
    await expect(apply).toHaveAttribute("href", /^\/event\/\d+#contestant-application$/);
    // Only shows that accept applications carry the link (other specs may add such shows).
    await expect(soldOut.getByRole("link", { name: "Apply to be a contestant" })).toHaveCount(0);
    await expect(waterfront.getByRole("link", { name: "Apply to be a contestant" })).toHaveCount(0);

    await waterfront.getByRole("link", { name: /More Info/ }).click();
    await expect(page).toHaveURL(/\/event\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Laughs on the Waterfront" })).toBeVisible();
  });

  test("the grid shows 6 shows, then Show All and Show Less", async ({ page }) => {
    await page.goto("/");
    const cards = page.locator("#events article");
    await expect(cards).toHaveCount(6);
    await page.getByRole("link", { name: "Show All" }).click();
    await expect(page).toHaveURL(/all=1/);
    await expect.poll(() => cards.count()).toBeGreaterThan(6);
    await page.getByRole("link", { name: "Show Less" }).click();
    await expect(page).not.toHaveURL(/all=1/, { timeout: 15_000 });
    await expect(cards).toHaveCount(6);
  });

  test("search and filter narrow the grid through the URL", async ({ page, javaScriptOn }) => {
    await page.goto("/");
    await expect(page.getByText(/^Showing (\d+) of \1 events$/)).toBeVisible();
    await openFilters(page, javaScriptOn);
    const venue = page.getByLabel("Venue", { exact: true });
    const options = await venue.locator("option").allTextContents();
    expect(options[0]).toBe("All Venues");
    expect(options.slice(1)).toEqual([...options.slice(1)].sort((a, b) => a.localeCompare(b)));

    await page.getByLabel("Search", { exact: true }).fill("VINES");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/q=VINES/);
    // "among the vines" (Sip & Giggle's description) and "Comedy in the Vines" (title).
    await expect(page.locator("#events article")).toHaveCount(2);
    await expect(page.getByText(/^Showing 2 of \d+ events$/)).toBeVisible();
    await expect(page.getByText("Filtered")).toBeVisible();

    await openFilters(page, javaScriptOn);
    await page.getByLabel("Search", { exact: true }).fill("");
    await page.getByLabel("Venue", { exact: true }).selectOption("Tipsy Toucan");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/venue=Tipsy\+Toucan/);
    // The seed's two club shows, plus any another spec created at the venue meanwhile.
    const venues = page.locator("#events article .show-card__venue");
    await expect(venues.first()).toHaveText("Tipsy Toucan");
    const shown = await venues.allTextContents();
    expect(new Set(shown)).toEqual(new Set(["Tipsy Toucan"]));
    // The count says how many match; the grid shows the first 6 of them until Show All.
    const summary = await page.getByText(/^Showing \d+ of \d+ events$/).textContent();
    const matching = Number(summary!.split(" ")[1]);
    expect(matching).toBeGreaterThanOrEqual(2);
    expect(shown.length).toBe(Math.min(matching, 6));

    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page.getByText("Filtered")).toHaveCount(0);
    await expect(page.getByText(/^Showing (\d+) of \1 events$/)).toBeVisible();
  });

  test("date bounds are inclusive and an empty result offers to clear", async ({ page }) => {
    await page.goto("/?q=zzz-no-such-show");
    await expect(page.getByText("No events match your search criteria.")).toBeVisible();
    await page.getByRole("link", { name: "Clear filters" }).first().click();
    await expect(page.locator("#events article")).toHaveCount(6);
  });

  test("on a phone the carousel card lists 3 dates of a series, then +N more dates", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    // Filtered to another show, the grid holds that one and the carousel the series (issue 42: the
    // carousel holds the shows the grid does not).
    await page.goto("/?q=Wolfhead");
    const slide = page.locator(".carousel__slide", { hasText: "Tuesday Night Stand-Up at Tipsy Toucan" });
    await expect(slide.getByRole("list", { name: "Upcoming dates" }).getByRole("listitem")).toHaveCount(3);
    await expect(slide.getByText("+2 more dates")).toBeVisible();
  });

  test("with JavaScript the carousel autoplays and pauses on hover", async ({ page, javaScriptOn }) => {
    test.skip(!javaScriptOn, "autoplay needs JavaScript");
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Upcoming shows" });
    await expect(carousel).toHaveAttribute("data-autoplay", "on");
    await carousel.hover();
    await expect(carousel).toHaveAttribute("data-autoplay", "off");
    await page.mouse.move(0, 0);
    await expect(carousel).toHaveAttribute("data-autoplay", "on");
    await page.getByRole("button", { name: "Next show" }).click();
    await expect
      .poll(() => carousel.locator(".carousel__track").evaluate((el) => el.scrollLeft))
      .toBeGreaterThan(0);
  });

  test("with reduced motion the carousel does not autoplay", async ({ page, javaScriptOn }) => {
    test.skip(!javaScriptOn, "autoplay needs JavaScript");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Next show" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Upcoming shows" })).toHaveAttribute(
      "data-autoplay",
      "off",
    );
  });
});

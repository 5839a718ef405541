import type { BrowserContext, Page } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import { like } from "drizzle-orm";
import { externalCache } from "~/db/schema";
import { setSheetFakeMode, type SheetFakeMode } from "../fakes/sheet";
import { E2E_ENV } from "../support/env";
import { withFakeLock } from "./fake-lock";
import { expect, test } from "./fixtures";

const sheetUrl = () => process.env.E2E_SHEET_URL!;
type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;

test.describe.configure({ timeout: 90_000 });

/**
 * One gate login per worker through the real form post (the gate is rate limited per IP);
 * the tests that only need to be inside reuse its session cookie.
 */
let gateCookies: Cookies;
test.beforeAll(async ({ baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.post("/booking", {
    form: { intent: "login", password: E2E_ENV.BOOKING_PASSWORD },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  gateCookies = (await api.storageState()).cookies;
  await api.dispose();
});

async function enter(page: Page) {
  await page.context().addCookies(gateCookies);
  await page.goto("/booking");
  await expect(page.getByRole("heading", { name: "Booking Schedule" })).toBeVisible();
}

/** Puts the sheet in `mode`, forces a refresh through the page's button, then restores "ok". */
async function withSheet<T>(mode: SheetFakeMode, fn: () => Promise<T>) {
  return withFakeLock(async () => {
    await setSheetFakeMode(sheetUrl(), mode);
    try {
      return await fn();
    } finally {
      await setSheetFakeMode(sheetUrl(), "ok");
    }
  });
}

/**
 * Clicks Refresh and returns once the server has answered it: the POST (the sheet read, the copy
 * stored) and then the page's loader after it. The button alone cannot say so: Remix renders
 * router state in a transition, so the button can still read "Refresh", enabled, after the click
 * (and "Refreshing..." contains "Refresh"); a test that went on then changed the stored copy
 * while the refresh was still to come (the flaky "last good copy" test).
 */
async function refresh(page: Page) {
  let posted = false;
  const answered = page.waitForResponse((response) => {
    if (new URL(response.url()).pathname !== "/booking") return false;
    if (response.request().method() === "POST") posted = true;
    else if (posted) return true;
    return false;
  });
  await page.getByRole("button", { name: "Refresh", exact: true }).click();
  await answered;
  await expect(page.getByRole("button", { name: "Refresh", exact: true })).toBeEnabled();
}

test("the gate refuses a wrong password and lets the right one in, until Logout", async ({
  page,
  javaScriptOn,
}) => {
  await page.goto("/booking");
  await expect(page.getByRole("table")).toHaveCount(0);
  const password = page.getByLabel("Password", { exact: true });
  await expect(password).toHaveAttribute("required", "");
  await password.fill("not-it");
  await page.getByRole("button", { name: "Access Schedule" }).click();
  await expect(page.getByRole("alert")).toHaveText("Incorrect password. Please try again.");
  await expect(page.getByRole("table")).toHaveCount(0);

  await page.getByLabel("Password", { exact: true }).fill(E2E_ENV.BOOKING_PASSWORD);
  if (javaScriptOn) {
    // The show/hide toggle is an enhancement: it reveals what was typed.
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
  } else {
    await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(0);
  }
  await page.getByRole("button", { name: "Access Schedule" }).click();
  // Inside: the schedule's controls (the rows depend on the sheet, which other tests switch).
  await expect(page.getByRole("button", { name: "Refresh" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Access Schedule" })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("button", { name: "Refresh" })).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("button", { name: "Access Schedule" })).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("a wrong password answers 401", async ({ request, baseURL }) => {
  const res = await request.post("/booking", {
    form: { intent: "login", password: "nope" },
    headers: { Origin: baseURL! },
  });
  expect(res.status()).toBe(401);
  expect(await res.text()).toContain("Incorrect password. Please try again.");
});

test("the table takes its columns from the sheet and colours statuses with their text", async ({ page }) => {
  await enter(page);
  await withSheet("ok", async () => {
    await refresh(page);
    const table = page.getByRole("table", { name: "Booking schedule" });
    await expect(table.getByRole("columnheader")).toHaveText(["date", "venue", "time", "status", "notes"]);
    // A quoted comma stays in its cell; a quoted newline stays in its cell too.
    await expect(table.getByRole("cell", { name: "Tipsy Toucan, Windsor" })).toBeVisible();
    await expect(table.getByRole("cell", { name: /Load-in 6 PM\s+Sound check 6:30 PM/ })).toBeVisible();
    await expect(table.getByRole("cell", { name: 'Headliner: Sam "The Ham" Lee' })).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(5);

    const confirmed = table.getByText("CONFIRMED", { exact: true });
    await expect(confirmed).toHaveClass(/booking__status--confirmed/);
    await expect(table.getByText("pending", { exact: true })).toHaveClass(/booking__status--pending/);
    await expect(table.getByText("Cancelled", { exact: true })).toHaveClass(/booking__status--cancelled/);
    const green = await confirmed.evaluate((el) => getComputedStyle(el).backgroundColor);
    const red = await table
      .getByText("Cancelled", { exact: true })
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(green).not.toBe(red);
    // An unknown status is shown plainly.
    await expect(table.getByRole("cell", { name: "Tentative" }).locator(".booking__status")).toHaveCount(0);
    await expect(page.getByText(/Last updated: \w{3} \d+, \d{4}, \d+:\d\d [AP]M \(Toronto\)/)).toBeVisible();
  });
});

test("Refresh reads the sheet again and shows its changes", async ({ page, javaScriptOn }) => {
  await enter(page);
  await withSheet("ok", async () => {
    await refresh(page);
    await expect(page.getByRole("cell", { name: "Sheet Update Lounge" })).toHaveCount(0);
    await setSheetFakeMode(sheetUrl(), javaScriptOn ? "slow" : "updated");
    await page.getByRole("button", { name: "Refresh" }).click();
    if (javaScriptOn) {
      await expect(page.getByRole("button", { name: "Refreshing..." })).toBeDisabled();
      await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled({ timeout: 15_000 });
      await setSheetFakeMode(sheetUrl(), "updated");
      await refresh(page);
    }
    await expect(page.getByRole("cell", { name: "Sheet Update Lounge" })).toBeVisible();
    await expect(page.getByText("Booking schedule refreshed").last()).toBeVisible();
  });
});

test("an empty sheet says there is no booking data", async ({ page }) => {
  await enter(page);
  await withSheet("empty", async () => {
    await refresh(page);
    await expect(page.getByText("No booking data available.")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
  });
});

test("when the sheet fails, the last good copy is shown with its age", async ({ page, db }) => {
  await enter(page);
  await withSheet("ok", async () => {
    await refresh(page);
    db.update(externalCache)
      .set({ fetchedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(like(externalCache.key, "booking-sheet %"))
      .run();
    await setSheetFakeMode(sheetUrl(), "error");
    await refresh(page);
    await expect(page.getByText(/Showing the last good copy, from 2 hours ago\./).first()).toBeVisible();
    await expect(page.getByRole("cell", { name: "Tipsy Toucan, Windsor" })).toBeVisible();
  });
});

test("with no copy at all, a failing sheet gives the sample rows and the banner", async ({ page, db }) => {
  await page.context().addCookies(gateCookies);
  await withSheet("error", async () => {
    db.delete(externalCache).where(like(externalCache.key, "booking-sheet %")).run();
    await page.goto("/booking");
    await expect(page.getByText("Failed to load data from Google Sheet. Using fallback data.")).toBeVisible();
    const table = page.getByRole("table", { name: "Booking schedule" });
    await expect(table.getByRole("columnheader")).toHaveText(["date", "venue", "time", "status", "notes"]);
    await expect(table.getByRole("row")).toHaveCount(6);
    // Put a good copy back for the other tests.
    await setSheetFakeMode(sheetUrl(), "ok");
    await refresh(page);
    await expect(page.getByText("Failed to load data from Google Sheet. Using fallback data.")).toHaveCount(
      0,
    );
  });
});

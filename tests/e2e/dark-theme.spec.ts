import { comedianSlug } from "~/lib/lineup";
import { seededShow } from "../support/shows";
import { contrastProblems } from "./contrast-checks";
import { expect, test } from "./fixtures";

/**
 * The dark theme (the visitor's system setting on public pages) keeps text readable: WCAG AA
 * contrast on every solid background, at phone width. Found by looking at screenshots: the
 * phone calendar's show titles and the club cards' GET TICKETS were dark on dark.
 */
test.use({ colorScheme: "dark" });

const PAGES: { name: string; path: (db: Parameters<typeof seededShow>[0]) => string }[] = [
  { name: "home", path: () => "/" },
  { name: "calendar", path: () => "/calendar" },
  { name: "comedy-shows-windsor", path: () => "/comedy-shows-windsor" },
  { name: "comedians", path: () => "/comedians" },
  { name: "comedian", path: () => `/comedians/${comedianSlug("Omar Haddad")}` },
  { name: "venue", path: () => "/tipsy-toucan" },
  { name: "event", path: (db) => `/event/${seededShow(db, "Tuesday Night Stand-Up at Tipsy Toucan").id}` },
  { name: "epicdads", path: () => "/epicdads" },
];

test("public pages in the dark theme: text reaches WCAG AA contrast at 390 px @once", async ({
  page,
  db,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const failures: string[] = [];
  for (const p of PAGES) {
    const path = p.path(db);
    await page.goto(path, { waitUntil: "load" });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("auto");
    failures.push(...(await page.evaluate(contrastProblems)).map((m) => `${path}: ${m}`));
  }
  expect(failures, failures.join("\n")).toEqual([]);
});

/** Issue 42 (item 7): the show page's one "Add to calendar" menu is readable closed and open, light and dark. */
test("the show page's Add to calendar menu reaches AA contrast, closed and open, in both themes", async ({
  page,
  db,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const path = `/event/${seededShow(db, "Tuesday Night Stand-Up at Tipsy Toucan").id}`;
  const failures: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto(path, { waitUntil: "load" });
    await page.locator("details.calendar-menu > summary").click();
    await expect(page.locator("details.calendar-menu").getByRole("link")).toHaveCount(5);
    failures.push(...(await page.evaluate(contrastProblems)).map((m) => `${colorScheme}: ${m}`));
  }
  expect(failures, failures.join("\n")).toEqual([]);
});

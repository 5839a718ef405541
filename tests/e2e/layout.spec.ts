import type { Page } from "@playwright/test";
import { imagesDir } from "~/utils/image-pipeline.server";
import { giveHeadshots } from "../../scripts/seeds/headshots";
import {
  LAYOUT_PAGES,
  layoutContext,
  PROJECTOR_PAGE,
  PROJECTOR_SIZES,
  WIDTHS,
  type LayoutContext,
  type LayoutPage,
} from "../support/layout-pages";
import { signInAsStaff, signInHalfway } from "../support/staff";
import { expect, test, testDb } from "./fixtures";
import { layoutProblems } from "./layout-checks";

/**
 * Every page at 360, 390, 768 and 1366 px (the projector at 1280×720 and 1920×1080), with
 * JavaScript on and off: no sideways scrolling, no element past the viewport, no overlapping
 * controls, no clipped text, 24 px tap targets and 44 px primary actions on phones, the next
 * show on the phone's first screen of /, the projector on one screen. One page load per
 * page and width; every check runs in one evaluate (tests/e2e/layout-checks.ts).
 */

let ctx: ReturnType<typeof layoutContext>;
let ownDb: LayoutContext["db"];

// Four page loads per test on a shared machine.
test.describe.configure({ timeout: 90_000 });

test.beforeAll(async () => {
  // One context per worker (a round per test would grow the staff lists by 12 comics each time).
  ownDb = testDb();
  ctx = layoutContext(ownDb);
  // The comedian page with a headshot (issue 42): the demo's drawing of Omar Haddad.
  await giveHeadshots(ownDb, imagesDir(process.env.E2E_DATABASE_PATH!), ["Omar Haddad"]);
});
test.afterAll(() => {
  ctx.cleanUp();
  ownDb.$client.close();
});

async function check(
  page: Page,
  path: string,
  size: { width: number; height: number },
  opts: Parameters<typeof layoutProblems>[0],
) {
  await page.setViewportSize(size);
  const res = await page.goto(path, { waitUntil: "load" });
  expect(res?.status(), `${path} answers`).toBeLessThan(500);
  return page.evaluate(layoutProblems, opts);
}

async function visit(
  page: Page,
  context: import("@playwright/test").BrowserContext,
  db: LayoutContext["db"],
  baseURL: string,
  p: LayoutPage,
) {
  if (p.as === "staff") await signInAsStaff(context, db, baseURL);
  if (p.as === "signing-in") await signInHalfway(context, db, baseURL);
}

for (const p of LAYOUT_PAGES) {
  test(`layout: ${p.name} at ${WIDTHS.map((w) => w.width).join(", ")} px`, async ({
    page,
    context,
    db,
    baseURL,
  }) => {
    await visit(page, context, db, baseURL!, p);
    const path = p.path({ ...ctx, db });
    const failures: string[] = [];
    for (const size of WIDTHS) {
      const phone = size.width < 600;
      const problems = await check(page, path, size, {
        phone,
        firstScreenShow: phone && p.name === "home",
        home: p.name === "home" && phone ? { maxHeight: size.width === 390 ? 4_500 : undefined } : undefined,
        projector: false,
      });
      failures.push(...problems.map((m) => `${size.width}px ${path}: ${m}`));
    }
    expect(failures, failures.join("\n")).toEqual([]);
    if (p.name === "home")
      for (const size of WIDTHS.filter((w) => w.width < 600)) {
        await page.setViewportSize(size);
        await page.goto(path);
        await quickDatesOnThePage(page, path);
      }
  });
}

/**
 * Issue 42, item 4: "Tonight", "This weekend" and "Next 7 days" are links on the page itself (no
 * panel to open first) that set the dates, and the filtered list names them as a removable part.
 */
async function quickDatesOnThePage(page: Page, path: string) {
  const quick = page.getByRole("navigation", { name: "Quick dates" });
  await expect(quick.getByRole("link")).toHaveText(["Tonight", "This weekend", "Next 7 days"]);
  for (const link of await quick.getByRole("link").all()) await expect(link).toBeVisible();
  await quick.getByRole("link", { name: "Next 7 days" }).click();
  await expect(page).toHaveURL(/[?&]from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d/);
  await expect(quick.getByRole("link", { name: "Next 7 days" })).toHaveAttribute("aria-current", "true");
  const parts = page.getByRole("list", { name: "Filtered by" });
  await expect(parts.getByRole("link", { name: /^Remove .*\d/ })).toBeVisible();
  await parts.getByRole("link", { name: /^Remove .*\d/ }).click();
  await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/" : path}#events$`));
}

test(`layout: ${PROJECTOR_PAGE.name} with 12 comics at ${PROJECTOR_SIZES.map((s) => `${s.width}×${s.height}`).join(", ")}`, async ({
  page,
  context,
  db,
  baseURL,
}) => {
  await visit(page, context, db, baseURL!, PROJECTOR_PAGE);
  const path = PROJECTOR_PAGE.path({ ...ctx, db });
  const failures: string[] = [];
  for (const size of PROJECTOR_SIZES) {
    const problems = await check(page, path, size, { phone: false, firstScreenShow: false, projector: true });
    failures.push(...problems.map((m) => `${size.width}×${size.height} ${path}: ${m}`));
  }
  expect(failures, failures.join("\n")).toEqual([]);
});

/**
 * Issue 42 (item 8; item 6's comedian page): controls that fit. Each row of buttons stays on one line (the
 * line-up's Move up / Move down / Remove, the review's Shortlist / Decline / Undo), every button
 * a 44 px tap target, JavaScript on and off.
 */
const BUTTON_ROWS = [
  { page: "admin-edit-event", row: ".lineup-row__actions", widths: [360, 390, 1366] },
  { page: "application-review", row: ".review-applicant__decision", widths: [360, 390, 1366] },
  // Issue 42: each of a comic's dates, GET TICKETS beside its "Add to calendar" menu.
  {
    page: "comedian",
    row: ".comedian-date__actions",
    controls: ":scope > a.button, :scope > details > summary",
    // Phones (a desktop's small buttons are 36 px: a mouse, not a thumb).
    widths: [360, 390],
  },
] as const;

for (const r of BUTTON_ROWS) {
  test(`layout: ${r.page}'s ${r.row} buttons on one line, 44 px, at ${r.widths.join(", ")} px`, async ({
    page,
    context,
    db,
    baseURL,
  }) => {
    const p = LAYOUT_PAGES.find((l) => l.name === r.page)!;
    await visit(page, context, db, baseURL!, p);
    const failures: string[] = [];
    for (const width of r.widths) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(p.path({ ...ctx, db }), { waitUntil: "load" });
      const controls = "controls" in r ? r.controls : "button";
      const rows = await page.locator(r.row).evaluateAll(
        (els, controls) =>
          els.map((el) =>
            [...el.querySelectorAll(controls)].map((b) => {
              const box = b.getBoundingClientRect();
              return {
                text: b.textContent?.trim() ?? "",
                top: box.top,
                width: box.width,
                height: box.height,
              };
            }),
          ),
        controls,
      );
      expect(rows.length, `${width}px: rows of ${r.row}`).toBeGreaterThan(1);
      rows.forEach((buttons, i) => {
        if (buttons.length < 2) failures.push(`${width}px row ${i + 1}: ${buttons.length} button(s)`);
        for (const b of buttons) {
          if (Math.abs(b.top - buttons[0].top) > 1)
            failures.push(`${width}px row ${i + 1}: "${b.text}" wraps under "${buttons[0].text}"`);
          if (b.height < 44 || b.width < 44)
            failures.push(
              `${width}px row ${i + 1}: "${b.text}" is ${Math.round(b.width)}×${Math.round(b.height)} px`,
            );
        }
      });
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });
}

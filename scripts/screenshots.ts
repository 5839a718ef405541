/**
 * `npm run screenshots`: a phone (360 and 390 px) and a desktop (1366 px) screenshot of every
 * page the layout spec checks, the projector at 1280×720 and 1920×1080, and the dark theme
 * at 360 and 390 px, written to ./screenshots/ (git-ignored) for people to look at. Needs a build
 * (`npm run build`); starts the production server on a seeded temporary database exactly
 * as the browser tests do. Settings:
 *   SHOTS=home,calendar   some pages only
 *   SHOTS_WIDTHS=390      some widths only
 *   SHOTS_DIR=docs/x      another folder
 *   SHOTS_POSTERS=1       every show's own realistic poster and the drawn headshots (as `npm run demo` has them)
 *   SHOTS_HEADSHOTS=1     the demo's drawn headshots only
 *   SHOTS_OPEN=details.x  open these disclosures first (files named ….open.png), e.g. a menu
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import sharp from "sharp";
import { openDatabase } from "~/utils/db.server";
import { imagesDir } from "~/utils/image-pipeline.server";
import { LAYOUT_PAGES, layoutContext, PROJECTOR_PAGE, PROJECTOR_SIZES } from "../tests/support/layout-pages";
import { startE2EServer } from "../tests/support/server";
import { signInAsStaff, signInHalfway } from "../tests/support/staff";
import { CHROMIUM } from "./lib/chromium";
import { requireBuild } from "./lib/harness";
import { givePosters } from "./lib/posters";
import { giveHeadshots } from "./seeds/headshots";

const OUT = path.resolve(process.env.SHOTS_DIR || "screenshots");
const widths = process.env.SHOTS_WIDTHS?.split(",").filter(Boolean).map(Number);
const SIZES = [
  { label: "phone-360", width: 360, height: 740 },
  { label: "phone-390", width: 390, height: 844 },
  { label: "desktop-1366", width: 1366, height: 768 },
].filter((s) => !widths || widths.includes(s.width));

/**
 * Scrolls through the page and back, so lazy images load and `content-visibility: auto` parts
 * are drawn as a visitor scrolling would see them, then waits for the images.
 */
async function drawWholePage(page: Page) {
  // A full-page shot is taken beyond the screen, where `content-visibility: auto` skips drawing.
  await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
    await Promise.all(
      [...document.images].map((img) =>
        img.complete
          ? null
          : new Promise((r) => {
              img.addEventListener("load", r, { once: true });
              img.addEventListener("error", r, { once: true });
              setTimeout(r, 5_000);
            }),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
  });
}

async function main() {
  requireBuild();
  const e2e = await startE2EServer();
  const baseURL = e2e.server.base;
  const db = openDatabase(e2e.databasePath);
  fs.mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    if (process.env.SHOTS_POSTERS) await givePosters(db, imagesDir(e2e.databasePath));
    // The demo's drawn headshots (issue 42), as `npm run demo` has them.
    if (process.env.SHOTS_POSTERS || process.env.SHOTS_HEADSHOTS)
      await giveHeadshots(db, imagesDir(e2e.databasePath));
    const ctx = { db, ...layoutContext(db) };
    const only = process.env.SHOTS?.split(",").filter(Boolean);
    const pages = LAYOUT_PAGES.filter((p) => !only || only.includes(p.name));

    for (const scheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ baseURL, colorScheme: scheme });
      await signInAsStaff(context, db, baseURL);
      const visitor = await browser.newContext({ baseURL, colorScheme: scheme });
      for (const p of pages) {
        // Half-way through signing in: a context of its own (its session is not signed in).
        const halfway =
          p.as === "signing-in" ? await browser.newContext({ baseURL, colorScheme: scheme }) : null;
        if (halfway) await signInHalfway(halfway, db, baseURL);
        const page = await (halfway ?? (p.as === "staff" ? context : visitor)).newPage();
        for (const size of scheme === "dark" ? SIZES.filter((s) => s.label.startsWith("phone")) : SIZES) {
          await page.setViewportSize(size);
          await page.goto(p.path(ctx), { waitUntil: "load" });
          await drawWholePage(page);
          // A disclosure opened, shown on one screen around it (a full page would hide it under the ticket bar).
          const open = process.env.SHOTS_OPEN;
          if (open)
            await page.$$eval(open, (els) => {
              els.forEach((el) => el.setAttribute("open", ""));
              els[0]?.scrollIntoView({ block: "center" });
            });
          const file = path.join(
            OUT,
            `${p.name}.${size.label}${open ? ".open" : ""}${scheme === "dark" ? ".dark" : ""}.png`,
          );
          // A palette PNG: a fifth of the bytes, so the ones kept in docs/ stay small.
          await sharp(await page.screenshot({ fullPage: !open }))
            .png({ palette: true, compressionLevel: 9 })
            .toFile(file);
        }
        await page.close();
        await halfway?.close();
      }
      if (scheme === "light" && (only ? only.includes("projector") : !widths)) {
        const page = await context.newPage();
        for (const size of PROJECTOR_SIZES) {
          await page.setViewportSize(size);
          await page.goto(PROJECTOR_PAGE.path(ctx), { waitUntil: "load" });
          await page.screenshot({ path: path.join(OUT, `projector.${size.width}x${size.height}.png`) });
        }
        await page.close();
      }
      await context.close();
      await visitor.close();
    }
    console.log(`screenshots written to ${OUT}`);
  } finally {
    await browser.close();
    db.$client.close();
    await e2e.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

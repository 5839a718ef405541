/**
 * `npm run screenshots`: a phone (360 and 390 px) and a desktop (1366 px) screenshot of every
 * page the layout spec checks, the projector at 1280×720 and 1920×1080, and the dark theme
 * at 360 and 390 px, written to ./screenshots/ (git-ignored) for people to look at. Needs a build
 * (`npm run build`); starts the production server on a seeded temporary database exactly
 * as the browser tests do. `SHOTS=home,calendar` limits it to some pages.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { votes } from "~/db/schema";
import { openDatabase } from "~/utils/db.server";
import { LAYOUT_PAGES, PROJECTOR_PAGE, PROJECTOR_SIZES, TWELVE_COMICS } from "../tests/support/layout-pages";
import { startE2EServer } from "../tests/support/server";
import { signInAsStaff } from "../tests/support/staff";
import { addVotes, createRound, uniq } from "../tests/support/voting";
import { CHROMIUM } from "./lib/chromium";
import { requireBuild } from "./lib/harness";

const OUT = path.resolve("screenshots");
const SIZES = [
  { label: "phone-360", width: 360, height: 740 },
  { label: "phone-390", width: 390, height: 844 },
  { label: "desktop-1366", width: 1366, height: 768 },
];

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
    const round = createRound(db, "2 Minutes to Kill - Vote For Your Favorite", TWELVE_COMICS);
    round.comedians.forEach((c, i) => addVotes(db, round.roundId, c.id, 12 - i));
    const voteToken = `shots-${uniq()}-${uniq()}`;
    db.insert(votes)
      .values({
        roundId: round.roundId,
        comedianId: round.comedians[0].id,
        email: `shots-${uniq()}@example.com`,
        voteToken,
      })
      .run();
    const ctx = { db, roundId: round.roundId, voteToken };
    const only = process.env.SHOTS?.split(",").filter(Boolean);
    const pages = LAYOUT_PAGES.filter((p) => !only || only.includes(p.name));

    for (const scheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ baseURL, colorScheme: scheme });
      await signInAsStaff(context, db, baseURL);
      const visitor = await browser.newContext({ baseURL, colorScheme: scheme });
      for (const p of pages) {
        const page = await (p.as === "staff" ? context : visitor).newPage();
        for (const size of scheme === "dark" ? SIZES.filter((s) => s.label.startsWith("phone")) : SIZES) {
          await page.setViewportSize(size);
          await page.goto(p.path(ctx), { waitUntil: "load" });
          const file = path.join(OUT, `${p.name}.${size.label}${scheme === "dark" ? ".dark" : ""}.png`);
          await page.screenshot({ path: file, fullPage: true });
        }
        await page.close();
      }
      if (scheme === "light" && (!only || only.includes("projector"))) {
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

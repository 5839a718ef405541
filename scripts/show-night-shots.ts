/**
 * `npm run screenshots:show-night` (issue 37): the projector at 1280×720 in each state of a round
 * (voting open with the count and the QR code, voting closed, revealing n of N, the winner), the
 * host's controls at 390 px in the light and dark themes (with the alarm on), and the ballot of
 * five comedians on a 360×740 phone, written to docs/screenshots/37/. Needs a build; starts the
 * production server on a seeded temporary database as the browser tests do.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { like } from "drizzle-orm";
import { comedians, events, roundComedians, votingRounds } from "~/db/schema";
import { openDatabase } from "~/utils/db.server";
import { startE2EServer } from "../tests/support/server";
import { signInAsStaff } from "../tests/support/staff";
import { addVotes, givePhone } from "../tests/support/voting";
import { CHROMIUM } from "./lib/chromium";
import { requireBuild } from "./lib/harness";

const OUT = path.resolve("docs/screenshots/37");
const FIVE = [
  { name: "Ava Marchetti", bio: "Stories from the line at the border." },
  { name: "Ben Okafor", bio: "Dad jokes with a law degree." },
  { name: "Cleo Tremblay", bio: "Winter, hockey and her mother." },
  { name: "Dev Raman", bio: "Night shifts at the Chrysler plant." },
  { name: "Eli Novak", bio: "Crowd work, fast." },
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
  const shot = async (page: Page, name: string, fullPage = false) => {
    await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
    console.log(`  ${name}.png`);
  };
  try {
    // The demo round closes: the shots show one room's round only.
    db.$client.prepare("update voting_rounds set closed_at = ? where closed_at is null").run(Date.now());
    // Tonight's round of the seeded "2 Minutes to Kill" show, with five comics named as people are.
    const show = db.select().from(events).where(like(events.title, "2 Minutes to Kill%")).get()!;
    const roundId = db
      .insert(votingRounds)
      .values({
        title: "2 Minutes to Kill - Vote For Your Favorite",
        eventId: show.id,
        eventDate: show.date,
        openedAt: new Date(),
      })
      .returning()
      .get().id;
    const round = { roundId };
    FIVE.forEach((c, i) => {
      const id = db.insert(comedians).values(c).returning().get().id;
      db.insert(roundComedians).values({ roundId, comedianId: id }).run();
      addVotes(db, roundId, id, [41, 57, 33, 28, 19][i]);
    });
    const at = (path: string) => `${path}${path.includes("?") ? "&" : "?"}round=${round.roundId}`;

    // The ballot on a small phone, the room code on (the QR code's link fills it in).
    // The host's screens without JavaScript: every step a full page load, so each shot is settled
    // (the pages look the same with it; the live stream would keep the network busy).
    const staff = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    await signInAsStaff(staff, db, baseURL);
    const host = await staff.newPage();
    await host.goto(at("/results"));
    await host.getByRole("button", { name: "Turn room code on" }).click();
    await host.waitForLoadState("load");
    const phone = await browser.newContext({
      baseURL,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      colorScheme: "light",
    });
    await givePhone(phone, baseURL);
    const ballot = await phone.newPage();
    const projector = await staff.newPage();
    await projector.setViewportSize({ width: 1280, height: 720 });
    await projector.goto(at("/results?view=projector"), { waitUntil: "load" });
    const code = (await projector.getByTestId("room-code").innerText()).replace(/\s/g, "");
    await ballot.goto(at(`/vote?code=${code}`), { waitUntil: "load" });
    // Hydrated: the no-JavaScript Filter button is gone.
    await ballot.getByRole("button", { name: "Filter" }).waitFor({ state: "detached" });
    await shot(ballot, "vote.360x740");

    // Hidden standings, then the projector in each state.
    await host.getByRole("button", { name: "Hide standings until revealed" }).click();
    await host.waitForLoadState("load");
    await projector.reload({ waitUntil: "load" });
    await shot(projector, "projector.1-open.1280x720");

    // The host's controls, light and dark, while voting is open (a burst on the alarm).
    for (const scheme of ["light", "dark"] as const) {
      await host.emulateMedia({ colorScheme: scheme });
      await host.goto(at("/results"), { waitUntil: "load" });
      await shot(host, `host-controls.390.${scheme}`);
    }
    await host.emulateMedia({ colorScheme: "light" });
    await host.goto(at("/results?step=close"), { waitUntil: "load" });
    await shot(host, "host-close-confirm.390.light");
    await host.emulateMedia({ colorScheme: "dark" });
    await host.reload({ waitUntil: "load" });
    await shot(host, "host-close-confirm.390.dark");
    await host.emulateMedia({ colorScheme: "light" });

    await host.getByRole("button", { name: "Close voting", exact: true }).click();
    await host.waitForLoadState("load");
    await projector.reload({ waitUntil: "load" });
    await shot(projector, "projector.2-closed.1280x720");
    await host.getByRole("button", { name: "Reveal the first place" }).click();
    await host.waitForLoadState("load");
    await host.getByRole("button", { name: /Reveal next place/ }).click();
    await host.waitForLoadState("load");
    await projector.reload({ waitUntil: "load" });
    await shot(projector, "projector.3-revealing.1280x720");
    for (let i = 0; i < 5; i++) {
      const next = host.getByRole("button", { name: /Reveal next place/ });
      if ((await next.count()) === 0) break;
      await next.click();
      await host.waitForLoadState("load");
    }
    await projector.reload({ waitUntil: "load" });
    await shot(projector, "projector.4-winner.1280x720");
    for (const scheme of ["light", "dark"] as const) {
      await host.emulateMedia({ colorScheme: scheme });
      await host.goto(at("/results"), { waitUntil: "load" });
      await shot(host, `host-controls.winner.390.${scheme}`);
    }
    console.log(`written to ${OUT}`);
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

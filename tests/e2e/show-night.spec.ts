/**
 * Issue 37's new controls, each with JavaScript on and off: the ballot's Submit on a small
 * phone's first screen; plain /vote asking which show when two rooms vote, the room code leading
 * to its room; the host's controls (targets, the step apart, "Close voting and start the reveal");
 * the live alarm and voiding a burst; a staff member's projector link.
 */
import { eq } from "drizzle-orm";
import { auditLog, votes, votingRounds } from "~/db/schema";
import { todayIn } from "~/lib/dates";
import { E2E_ENV } from "../support/env";
import { insertShow } from "../support/shows";
import { signInAsStaff } from "../support/staff";
import {
  addVotes,
  closeTestRound,
  createRound,
  givePhone,
  uniq,
  votesIn,
  type TestRound,
} from "../support/voting";
import { expect, test } from "./fixtures";

const FIVE = [
  { name: "Ava Marchetti", bio: "Stories from the line at the border." },
  { name: "Ben Okafor", bio: "Dad jokes with a law degree." },
  { name: "Cleo Tremblay", bio: "Winter, hockey and her mother." },
  { name: "Dev Raman", bio: "Night shifts at the Chrysler plant." },
  { name: "Eli Novak", bio: "Crowd work, fast." },
];

let round: TestRound;
test.beforeEach(({ db }) => {
  round = createRound(db, "2 Minutes to Kill - Vote For Your Favorite", FIVE);
});
test.afterEach(({ db }) => closeTestRound(db, round.roundId));

test("a 360×740 phone sees the whole ballot of five comedians and Submit Vote on its first screen", async ({
  browser,
  baseURL,
  javaScriptOn,
}) => {
  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    javaScriptEnabled: javaScriptOn,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await givePhone(phone, baseURL!);
  const page = await phone.newPage();
  await page.goto(`${baseURL}/vote?round=${round.roundId}`);
  const submit = page.getByRole("button", { name: "Submit Vote" });
  const box = (await submit.boundingBox())!;
  expect(box.y + box.height, `Submit's bottom at ${box.y + box.height}px`).toBeLessThanOrEqual(740);
  for (const c of round.comedians) {
    const card = (await page.getByRole("radio", { name: new RegExp(c.name) }).boundingBox())!;
    expect(card.y).toBeLessThan(740);
  }
  await phone.close();
});

test("two rooms voting: plain /vote asks which show; the room code leads to its room's ballot; a wrong code says so", async ({
  page,
  db,
  browser,
  baseURL,
  javaScriptOn,
}) => {
  const other = createRound(db, "Another room", [{ name: "Someone Else" }]);
  // The room code is on for this round (the host's toggle).
  const host = await browser.newContext({ javaScriptEnabled: javaScriptOn });
  await signInAsStaff(host, db, baseURL!);
  const hostPage = await host.newPage();
  await hostPage.goto(`/results?round=${round.roundId}`);
  await hostPage.getByRole("button", { name: "Turn room code on" }).click();
  await hostPage.goto(`/results?round=${round.roundId}&view=projector`);
  const code = (await hostPage.getByTestId("room-code").innerText()).replace(/\s/g, "");

  await page.goto("/vote");
  await expect(page.getByRole("heading", { name: "Which show are you at?" })).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(other.title) })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Vote" })).toHaveCount(0);
  const wrong = code === "000000" ? "111111" : "000000";
  await page.getByLabel("Or type the room code on the screen").fill(wrong);
  await page.getByRole("button", { name: "Go to my show's ballot" }).click();
  await expect(page.getByText("No vote open right now has that room code")).toBeVisible();
  await page.getByLabel("Or type the room code on the screen").fill(code);
  await page.getByRole("button", { name: "Go to my show's ballot" }).click();
  await expect(page.getByRole("heading", { level: 1, name: round.title })).toBeVisible();
  await expect(page.getByLabel("Room code")).toHaveValue(code);
  await expect(page.getByRole("radio")).toHaveCount(5);
  closeTestRound(db, other.roundId);
  await host.close();
});

test("the host's controls: 44 px targets, closing apart from the rest, and 'Close voting and start the reveal' does both by name @no-fast-path", async ({
  page,
  context,
  db,
  baseURL,
}) => {
  addVotes(db, round.roundId, round.comedians[0].id, 2);
  addVotes(db, round.roundId, round.comedians[1].id, 1);
  await signInAsStaff(context, db, baseURL!);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/results?round=${round.roundId}`);
  const controls = page.getByRole("region", { name: "Host controls" });
  await expect(controls.locator(".host-controls__state")).toHaveText("Voting open · 3 votes");
  for (const target of await controls.locator("button, a.button").all()) {
    const b = (await target.boundingBox())!;
    expect(b.height, await target.innerText()).toBeGreaterThanOrEqual(44);
    expect(b.width, await target.innerText()).toBeGreaterThanOrEqual(44);
  }
  // The irreversible step sits apart: below the others, in its own box, well away from them.
  const close = controls.getByRole("link", { name: "Close voting…" });
  const hide = controls.getByRole("button", { name: "Hide standings until revealed" });
  const gap =
    (await close.boundingBox())!.y - ((await hide.boundingBox())!.y + (await hide.boundingBox())!.height);
  expect(gap).toBeGreaterThanOrEqual(48);
  await expect(controls.locator(".host-controls__apart")).toContainText("cannot be undone");

  await close.click();
  const confirm = page.getByRole("alert", { name: /Close voting for/ });
  await expect(confirm).toContainText("3 votes so far.");
  await confirm.getByRole("button", { name: /Close voting and start the reveal/ }).click();
  // Three with no vote share the last place: revealed together, first.
  await expect(page.locator(".host-controls__state")).toHaveText("Revealing 1 of 3");
  const projector = await context.newPage();
  await projector.goto(`/results?round=${round.roundId}&view=projector`);
  await expect(projector.locator("[data-vote-count]")).toContainText("Revealing 1 of 3");
  await expect(projector.locator('[data-projector-slot="vote-at"]')).toHaveCount(0);
  const actions = db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(round.roundId)))
    .all()
    .map((a) => a.action);
  expect(actions).toContain("round.close-and-reveal");
});

test("a reveal before the close is refused with a message, and voting stays open @no-fast-path", async ({
  page,
  context,
  db,
  baseURL,
}) => {
  await signInAsStaff(context, db, baseURL!);
  await page.goto(`/results?round=${round.roundId}`);
  await page.getByRole("button", { name: "Hide standings until revealed" }).click();
  await expect(page.getByText("hidden until you reveal them")).toBeVisible();
  // A stale page (or a hand-made post) asking for a reveal while voting is open.
  const res = await page.request.post("/results/host", {
    form: { roundId: String(round.roundId), intent: "reveal-next" },
    headers: { Origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  await page.goto(`/results?round=${round.roundId}`);
  await expect(page.getByText("Close voting first").first()).toBeVisible();
  await expect(page.locator(".host-controls__state")).toHaveText("Voting open · 0 votes");
});

test("the live alarm: a burst for one comedian from one address shows on the host's page, and voiding it takes its votes off (audited)", async ({
  page,
  context,
  db,
  baseURL,
}) => {
  await signInAsStaff(context, db, baseURL!);
  await page.goto(`/results?round=${round.roundId}`);
  await expect(page.getByRole("heading", { name: "Stuffing alarm: all quiet" })).toBeVisible();
  // 20 phones from one address vote for one comedian within a second (a script in the room).
  const target = round.comedians[4];
  const origin = new URL(baseURL!).origin;
  await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const bot = await context.browser()!.newContext();
      await givePhone(bot, baseURL!);
      const ballot = await bot.request.get(`${baseURL}/vote?round=${round.roundId}`);
      const token = /name="voteToken" value="([^"]+)"/.exec(await ballot.text())![1];
      await bot.request.post(`${baseURL}/vote/submit`, {
        form: {
          roundId: String(round.roundId),
          voteToken: token,
          comedianId: String(target.id),
          email: `bot${i}-${uniq()}@example.net`,
        },
        headers: { Origin: origin },
      });
      await bot.close();
    }),
  );
  expect(votesIn(db, round.roundId)).toHaveLength(20);
  await page.goto(`/results?round=${round.roundId}`);
  const alarm = page.getByRole("region", { name: "Alarm: possible ballot stuffing" });
  await expect(alarm).toContainText(`20 votes for ${target.name}`);
  await alarm.getByRole("button", { name: new RegExp(`Void the 20 votes for ${target.name}`) }).click();
  await expect(page.getByText(/Voided 20 votes of that burst/).first()).toBeVisible();
  await expect(page.locator(".host-controls__state")).toHaveText("Voting open · 0 votes");
  const stored = db.select().from(votes).where(eq(votes.roundId, round.roundId)).all();
  expect(stored).toHaveLength(20);
  expect(stored.every((v) => v.voidedAt !== null)).toBe(true);
  const audit = db.select().from(auditLog).where(eq(auditLog.action, "round.void-burst")).all();
  expect(audit.some((a) => a.entityId === String(round.roundId))).toBe(true);
});

test("a staff member hands the projector a link for tonight: it opens the projector view without the shared password @no-fast-path", async ({
  page,
  context,
  browser,
  db,
  baseURL,
  javaScriptOn,
}) => {
  await signInAsStaff(context, db, baseURL!);
  await page.goto(`/results?round=${round.roundId}`);
  await page.getByRole("button", { name: "Make a projector link" }).click();
  const url = await page.locator(".projector-link__url").innerText();
  expect(url).toMatch(new RegExp(`/results/projector/${round.roundId}\\.\\d{13}\\.[A-Za-z0-9_-]{43}$`));
  await expect(page.getByRole("img", { name: "QR code of the projector link" })).toBeVisible();

  // The projector's laptop: never unlocked anything, not signed in.
  const laptop = await browser.newContext({ javaScriptEnabled: javaScriptOn });
  const screen = await laptop.newPage();
  await screen.goto(url);
  await expect(screen).toHaveURL(new RegExp(`/results\\?round=${round.roundId}&view=projector`));
  await expect(screen.getByRole("heading", { level: 1, name: round.title })).toBeVisible();
  await expect(screen.getByLabel("Password")).toHaveCount(0);
  // A changed link opens nothing.
  const bad = await laptop.request.get(
    url.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    { maxRedirects: 0 },
  );
  expect(bad.status()).toBe(404);
  // Only staff make links: the shared password is not enough.
  const door = await browser.newContext({ javaScriptEnabled: javaScriptOn });
  const doorPage = await door.newPage();
  await doorPage.goto(`/results?round=${round.roundId}`);
  await doorPage.getByLabel("Password").fill(E2E_ENV.RESULTS_PASSWORD);
  await doorPage.getByRole("button", { name: "View Results" }).click();
  await expect(doorPage.getByRole("heading", { level: 1, name: round.title })).toBeVisible();
  await expect(doorPage.getByRole("button", { name: "Make a projector link" })).toHaveCount(0);
  await Promise.all([laptop.close(), door.close()]);
});

test("two rooms voting tonight: /results asks the host which room's results, never one of them silently @no-fast-path", async ({
  page,
  context,
  db,
  baseURL,
}) => {
  const tonight = todayIn();
  // Two of tonight's shows, each with its round (kept off the public pages: archived).
  const rooms = ["Tipsy Toucan", "Villains Beer Co"].map((venue) => {
    const show = insertShow(db, { date: tonight, time: "20:00", venue, archivedAt: new Date() });
    const r = createRound(db, `Tonight at ${venue}`, [{ name: "Ava" }]);
    db.update(votingRounds)
      .set({ eventId: show.id, eventDate: tonight })
      .where(eq(votingRounds.id, r.roundId))
      .run();
    return r;
  });
  try {
    await signInAsStaff(context, db, baseURL!);
    await page.goto("/results");
    await expect(page.getByRole("heading", { level: 1, name: "Which room's results?" })).toBeVisible();
    for (const r of rooms) await expect(page.getByRole("link", { name: new RegExp(r.title) })).toBeVisible();
    await expect(page.getByRole("link", { name: "Close voting…" })).toHaveCount(0);
    await page.getByRole("link", { name: new RegExp(rooms[1].title) }).click();
    await expect(page).toHaveURL(new RegExp(`/results\\?round=${rooms[1].roundId}$`));
    await expect(page.getByRole("heading", { level: 1, name: rooms[1].title })).toBeVisible();
  } finally {
    for (const r of rooms) closeTestRound(db, r.roundId);
  }
});

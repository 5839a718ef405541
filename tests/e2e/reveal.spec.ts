import { eq } from "drizzle-orm";
import { votingRounds } from "~/db/schema";
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

/** Issue 18: the host's reveal (live or hidden until revealed, last to first) and closing voting. */
let round: TestRound;
test.beforeEach(({ db }) => {
  round = createRound(db, "Reveal round", [
    { name: "Ada Reveal" },
    { name: "Ben Reveal" },
    { name: "Cat Reveal" },
  ]);
});
test.afterEach(({ db }) => closeTestRound(db, round.roundId));

test("hidden standings: names and vote count only; close (confirmed, with the votes so far), then revealed last to first (ties together); the projector says each state", async ({
  page,
  context,
  db,
  baseURL,
  javaScriptOn,
}) => {
  const [ada, ben, cat] = round.comedians;
  addVotes(db, round.roundId, ada.id, 3);
  addVotes(db, round.roundId, ben.id, 1);
  addVotes(db, round.roundId, cat.id, 1);
  await signInAsStaff(context, db, baseURL!);
  await page.goto(`/results?round=${round.roundId}`);
  await page.getByRole("button", { name: "Hide standings until revealed" }).click();
  await expect(page.getByText("hidden until you reveal them")).toBeVisible();

  const projector = await context.newPage();
  await projector.goto(`/results?round=${round.roundId}&view=projector`);
  const waiting = projector.getByRole("list", { name: "Comics not revealed yet" });
  await expect(waiting).toContainText(ada.name);
  await expect(waiting).toContainText(cat.name);
  // The projector says voting is open, with the count (big, for the room), and how to vote.
  await expect(projector.locator("[data-vote-count]")).toContainText("Voting open · 5 votes");
  await expect(projector.locator('[data-projector-slot="vote-at"]')).toBeVisible();
  // Issue 37: its QR code is this round's own ballot, not plain /vote (where, with another room
  // voting, the phone would be asked which show, or before issue 37 got the newest round).
  const ownBallot = `${new URL(baseURL!).origin}/vote?round=${round.roundId}`;
  await expect(projector.getByRole("img", { name: `QR code for ${ownBallot}` })).toBeVisible();
  await expect(projector.getByRole("columnheader", { name: "Rank" })).toHaveCount(0);
  // The order is nowhere in the page, not even in its data.
  expect(await projector.content()).not.toMatch(/"rank":/);

  // Issue 37: no reveal while voting is open; closing is its own, confirmed step.
  await expect(page.getByRole("button", { name: /Reveal/ })).toHaveCount(0);
  await page.getByRole("link", { name: "Close voting…" }).click();
  await expect(page.getByRole("heading", { name: /Close voting for/ })).toBeVisible();
  await expect(page.getByText("5 votes so far.")).toBeVisible();
  await page.getByRole("button", { name: "Close voting", exact: true }).click();
  await expect(page.locator(".host-controls__state")).toHaveText("Voting closed · 5 votes");
  if (!javaScriptOn) await projector.reload();
  await expect(projector.locator("[data-vote-count]")).toContainText("Voting closed · 5 votes");
  // The QR code and "Vote at" leave the projector once voting has closed.
  await expect(projector.locator('[data-projector-slot="vote-at"]')).toHaveCount(0);

  await page.getByRole("button", { name: "Reveal the first place" }).click();
  // The tied second places come together; the winner stays hidden.
  if (!javaScriptOn) await projector.reload();
  await expect(projector.locator("[data-vote-count]")).toContainText("Revealing 1 of 2");
  const revealed = projector.getByRole("table", { name: "Revealed places" });
  await expect(revealed).toContainText(ben.name);
  await expect(revealed).toContainText(cat.name);
  await expect(revealed).not.toContainText(ada.name);
  await expect(waiting).toContainText(ada.name);

  await page.getByRole("button", { name: "Reveal next place (2 of 2)" }).click();
  if (!javaScriptOn) await projector.reload();
  await expect(revealed.getByRole("row", { name: new RegExp(ada.name) })).toContainText("Winner");
  await expect(revealed.getByRole("row").nth(1)).toContainText(ada.name);
  await expect(projector.locator("[data-vote-count]")).toContainText(`Winner: ${ada.name}`);
  await expect(page.getByRole("button", { name: /Reveal next/ })).toHaveCount(0);
  // The host's page says the truth too (not "hidden until you reveal them").
  await expect(page.locator(".host-controls__state")).toHaveText(`Winner: ${ada.name}`);
  await expect(page.getByText("hidden until you reveal them")).toHaveCount(0);

  // The round's phones see it closed, named.
  await page.goto(`/vote?round=${round.roundId}`);
  await expect(page.getByRole("heading", { name: `Voting has closed for ${round.title}` })).toBeVisible();
});

test("close voting in 60 s: the countdown on the projector and the vote page; a vote after the close is refused", async ({
  page,
  context,
  db,
  baseURL,
}) => {
  await signInAsStaff(context, db, baseURL!);
  // A voter opens the vote page while voting is open.
  await givePhone(context, baseURL!);
  const phone = await context.newPage();
  await phone.goto(`/vote?round=${round.roundId}`);

  await page.goto(`/results?round=${round.roundId}`);
  await page.getByRole("link", { name: "Close voting…" }).click();
  await page.getByRole("button", { name: "Close in 60 s instead" }).click();
  // The host's page says it once the close is stored (with JavaScript the post is a fetch:
  // leaving the page before it answers would cancel it).
  await expect(page.getByRole("status").filter({ hasText: /Voting closes in \d+ s/ })).toBeVisible();
  await page.goto(`/results?round=${round.roundId}&view=projector`);
  await expect(page.getByRole("status").filter({ hasText: /Voting closes in (60|59|58) s/ })).toBeVisible();
  await page.goto(`/vote?round=${round.roundId}`);
  await expect(page.getByText(/Voting closes in \d+ s/)).toBeVisible();

  // The minute passes before the voter sends the form.
  db.update(votingRounds)
    .set({ closesAt: new Date(Date.now() - 1000) })
    .where(eq(votingRounds.id, round.roundId))
    .run();
  await phone.getByRole("radio", { name: new RegExp(round.comedians[0].name) }).check();
  await phone.getByLabel("Email").fill(`late-${uniq()}@example.com`);
  await phone.getByRole("button", { name: "Submit Vote" }).click();
  await expect(phone.getByRole("alert")).toContainText("Voting for this round has closed.");
  expect(votesIn(db, round.roundId)).toHaveLength(0);
});

test("the host controls need the results password or staff @no-fast-path", async ({ request, baseURL }) => {
  const res = await request.post("/results/host", {
    form: { roundId: String(round.roundId), intent: "reveal-next" },
    headers: { Origin: baseURL! },
  });
  expect(res.status()).toBe(401);
});

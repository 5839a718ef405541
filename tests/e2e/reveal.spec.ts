import { eq } from "drizzle-orm";
import { votingRounds } from "~/db/schema";
import { signInAsStaff } from "../support/staff";
import { addVotes, closeTestRound, createRound, uniq, votesIn, type TestRound } from "../support/voting";
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

test("hidden standings: names and vote count only, then revealed last to first (ties together), live on the projector", async ({
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
  // The projector shows the count in its header (big, for the room).
  await expect(projector.locator("[data-vote-count]")).toContainText("5 votes");
  await expect(projector.getByRole("columnheader", { name: "Rank" })).toHaveCount(0);
  // The order is nowhere in the page, not even in its data.
  expect(await projector.content()).not.toMatch(/"rank":/);

  await page.getByRole("button", { name: "Reveal next" }).click();
  // The tied second places come together; the winner stays hidden.
  if (!javaScriptOn) await projector.reload();
  const revealed = projector.getByRole("table", { name: "Revealed places" });
  await expect(revealed).toContainText(ben.name);
  await expect(revealed).toContainText(cat.name);
  await expect(revealed).not.toContainText(ada.name);
  await expect(waiting).toContainText(ada.name);

  await page.getByRole("button", { name: "Reveal next" }).click();
  if (!javaScriptOn) await projector.reload();
  await expect(revealed.getByRole("row", { name: new RegExp(ada.name) })).toContainText("Winner");
  await expect(revealed.getByRole("row").nth(1)).toContainText(ada.name);
  await expect(page.getByRole("button", { name: "Reveal next" })).toHaveCount(0);

  // Revealing closed voting: the vote page says so.
  await page.goto(`/vote?round=${round.roundId}`);
  await expect(page.getByRole("heading", { name: "Voting is closed" })).toBeVisible();
});

test("close voting in 60 s: the countdown on the projector and the vote page; a vote after the close is refused", async ({
  page,
  context,
  db,
  baseURL,
}) => {
  await signInAsStaff(context, db, baseURL!);
  // A voter opens the vote page while voting is open.
  const phone = await context.newPage();
  await phone.goto(`/vote?round=${round.roundId}`);

  await page.goto(`/results?round=${round.roundId}`);
  await page.getByRole("button", { name: "Close voting in 60 s" }).click();
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

test("the host controls need the results password or staff", async ({ request, baseURL }) => {
  const res = await request.post("/results/host", {
    form: { roundId: String(round.roundId), intent: "reveal-next" },
    headers: { Origin: baseURL! },
  });
  expect(res.status()).toBe(401);
});

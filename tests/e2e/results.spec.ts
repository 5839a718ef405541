import crypto from "node:crypto";
import { E2E_ENV } from "../support/env";
import { signInAsStaff } from "../support/staff";
import { addVotes, closeTestRound, createRound, givePhone, uniq, type TestRound } from "../support/voting";
import { expect, test } from "./fixtures";

let round: TestRound;
test.beforeEach(({ db }) => {
  round = createRound(db, "Results round", [
    { name: "Ada Laugh" },
    { name: "Ben Laugh" },
    { name: "Cat Laugh" },
  ]);
});
test.afterEach(({ db }) => closeTestRound(db, round.roundId));

async function passGate(page: import("@playwright/test").Page, path: string) {
  await page.goto(path);
  await page.getByLabel("Password").fill(E2E_ENV.RESULTS_PASSWORD);
  await page.getByRole("button", { name: "View Results" }).click();
}

test("the results gate: a wrong password is refused with the spec's text; the right one lasts only for the browser session @no-fast-path", async ({
  page,
  context,
}) => {
  await page.goto(`/results?round=${round.roundId}`);
  await expect(page.getByRole("button", { name: "View Results" })).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/results")),
    (async () => {
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "View Results" }).click();
    })(),
  ]);
  expect(response.status()).toBe(401);
  await expect(page.getByRole("alert")).toHaveText("Incorrect password. Please try again.");

  await page.getByLabel("Password").fill(E2E_ENV.RESULTS_PASSWORD);
  await page.getByRole("button", { name: "View Results" }).click();
  await expect(page.getByRole("heading", { level: 1, name: round.title })).toBeVisible();
  const session = (await context.cookies()).find((c) => c.name === "__session");
  expect(session?.expires).toBe(-1); // a browser-session cookie: gone when the browser closes
});

test("standings: rank, name, votes, percentage to one decimal, a bar, the leader, the total, the manage link @no-fast-path", async ({
  page,
  db,
}) => {
  const [ada, ben] = round.comedians;
  addVotes(db, round.roundId, ben.id, 2);
  addVotes(db, round.roundId, ada.id, 1);
  await passGate(page, `/results?round=${round.roundId}`);
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText(ben.name);
  await expect(rows.nth(1).getByRole("cell")).toHaveText(["1", "2", "66.7%"]);
  await expect(rows.nth(1)).toContainText("Leader");
  await expect(rows.nth(1)).toHaveClass(/results__row--leader/);
  await expect(rows.nth(2)).toContainText(ada.name);
  await expect(rows.nth(2).getByRole("cell")).toHaveText(["2", "1", "33.3%"]);
  await expect(rows.nth(2)).not.toContainText("Leader");
  await expect(rows.nth(3).getByRole("cell")).toHaveText(["3", "0", "0.0%"]);
  await expect(rows.nth(1).locator(".results__bar-fill")).toHaveAttribute("style", /width: ?66\.7%/);
  await expect(page.getByText("Total votes: 3")).toBeVisible();
  await expect(page.getByRole("link", { name: "Manage comedians" })).toHaveAttribute(
    "href",
    "/manage-comedians",
  );
});

test("an empty round says 'No votes have been cast yet.' @no-fast-path", async ({ page }) => {
  await passGate(page, `/results?round=${round.roundId}`);
  await expect(page.getByText("No votes have been cast yet.")).toBeVisible();
});

test("live: with JavaScript a new vote shows up without reloading; without it the page refreshes itself every 30 seconds", async ({
  page,
  javaScriptOn,
  baseURL,
}) => {
  await passGate(page, `/results?round=${round.roundId}`);
  await expect(page.getByText("No votes have been cast yet.")).toBeVisible();
  if (!javaScriptOn) {
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "30");
    return;
  }
  await expect(page.getByText("Updating live")).toBeVisible();
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  const cat = round.comedians[2];
  // A phone (its device cookie a minute old) loads the ballot, then votes.
  await givePhone(page.context(), baseURL!);
  await page.request.get(`/vote?round=${round.roundId}`);
  const vote = await page.request.post("/vote/submit", {
    form: {
      roundId: String(round.roundId),
      voteToken: crypto.randomBytes(16).toString("base64url"),
      comedianId: String(cat.id),
      email: `live-${uniq()}@example.com`,
    },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(vote.status()).toBe(200);
  const first = page.getByRole("table").getByRole("row").nth(1);
  await expect(first).toContainText(cat.name);
  await expect(first.getByRole("cell")).toHaveText(["1", "1", "100.0%"]);
  await expect(page.getByText("Total votes: 1")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});

test("the projector view fills the screen with the standings and nothing else @no-fast-path", async ({
  page,
  db,
}) => {
  addVotes(db, round.roundId, round.comedians[0].id, 1);
  await passGate(page, `/results?round=${round.roundId}&view=projector`);
  await expect(page.getByRole("heading", { level: 1, name: round.title })).toBeVisible();
  await expect(page.getByRole("table")).toContainText(round.comedians[0].name);
  await expect(page.locator(".site-header")).toBeHidden();
  await expect(page.getByRole("link", { name: "Leave projector view" })).toBeVisible();
});

test("a signed-in staff member passes the gate; past rounds stay viewable @no-fast-path", async ({
  page,
  context,
  db,
  baseURL,
}) => {
  const past = createRound(db, "Past final", [{ name: "Old Champ" }], false);
  addVotes(db, past.roundId, past.comedians[0].id, 2);
  await signInAsStaff(context, db, baseURL!);
  await page.goto(`/results?round=${past.roundId}`);
  await expect(page.getByRole("heading", { level: 1, name: past.title })).toBeVisible();
  await expect(page.getByRole("table").getByRole("row").nth(1).getByRole("cell")).toHaveText([
    "1",
    "2",
    "100.0%",
  ]);
});

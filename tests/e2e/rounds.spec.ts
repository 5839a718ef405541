import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { auditLog, comedians, eventComedians, votingRounds } from "~/db/schema";
import { insertShow } from "../support/shows";
import { signInAsStaff } from "../support/staff";
import { closeTestRound, createRound, uniq } from "../support/voting";
import { expect, test } from "./fixtures";

/** Picks a show and its date in the open-round form (the page reloads with its line-up ticked). */
async function chooseShow(page: Page, value: string, javaScriptOn: boolean) {
  await page.getByLabel("Show and date").selectOption(value);
  if (!javaScriptOn) await page.getByRole("button", { name: "Choose this show" }).click();
  await expect(page).toHaveURL(new RegExp(`show=${encodeURIComponent(value).replace(/%3A/i, "(:|%3A)")}`));
}

test("staff open a round for a show and its date: its line-up is ticked, not every comedian; another room voting is named first; voters of the round see it; closing keeps its results", async ({
  page,
  context,
  db,
  baseURL,
  javaScriptOn,
}) => {
  const tag = uniq();
  const [inRound, outOfRound] = [`Round In ${tag}`, `Round Out ${tag}`].map((name) =>
    db.insert(comedians).values({ name }).returning().get(),
  );
  const show = insertShow(db, { title: `Round Show ${tag}`, venue: "Tipsy Toucan", time: "20:00" });
  db.insert(eventComedians).values({ eventId: show.id, comedianId: inRound.id, role: "feature" }).run();
  // Another room is voting right now.
  const other = createRound(db, `Other room ${tag}`, [{ name: "Someone" }]);
  await signInAsStaff(context, db, baseURL!);
  await page.goto("/admin/rounds");
  await expect(page.getByText("Choose the show first")).toBeVisible();
  await chooseShow(page, `${show.id}:${show.date}`, javaScriptOn);
  await expect(page.getByRole("checkbox", { name: inRound.name })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: outOfRound.name })).not.toBeChecked();
  expect(await page.locator('input[name="comedianIds"]:checked').count()).toBe(1);
  const title = `Final ${tag}`;
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Open Round" }).click();

  // The confirmation step names the rooms voting; nothing is opened yet.
  await expect(page.getByRole("heading", { name: /(Another room is|Other rooms are) voting/ })).toBeVisible();
  await expect(page.getByRole("alert", { name: /voting/ }).getByText(new RegExp(other.title))).toBeVisible();
  expect(db.select().from(votingRounds).where(eq(votingRounds.title, title)).get()).toBeUndefined();
  await page.getByRole("button", { name: "Open this round too" }).click();
  await expect(page.getByText(`Opened round: ${title}`).first()).toBeVisible();
  const round = db.select().from(votingRounds).where(eq(votingRounds.title, title)).get()!;
  expect(round).toMatchObject({ eventId: show.id, eventDate: show.date });
  const item = page.getByRole("listitem", { name: title });
  await expect(item).toContainText("Open");
  await expect(item).toContainText("1 comedians");
  await expect(item).toContainText(`Round Show ${tag}`);

  // Its room's link leads to it; the other room's ballot is untouched.
  await page.goto(`/vote?round=${round.id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(new RegExp(`Round Show ${tag}`))).toBeVisible();
  await expect(page.getByRole("radio")).toHaveCount(1);
  await expect(page.getByRole("radio", { name: inRound.name })).toBeVisible();
  await page.goto(`/vote?round=${other.roundId}`);
  await expect(page.getByRole("heading", { level: 1, name: other.title })).toBeVisible();

  await page.goto("/admin/rounds");
  await page.getByRole("button", { name: `Close round: ${title}` }).click();
  await expect(page.getByText(`Closed round: ${title}`).first()).toBeVisible();
  await expect(page.getByRole("listitem", { name: title })).toContainText("Closed");
  await page.goto(`/vote?round=${round.id}`);
  await expect(page.getByRole("heading", { name: `Voting has closed for Round Show ${tag}` })).toBeVisible();

  await page.goto("/admin/rounds");
  await page.getByRole("listitem", { name: title }).getByRole("link", { name: "View results" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("No votes have been cast yet.")).toBeVisible();
  const actions = db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(round.id)))
    .all()
    .map((a) => a.action);
  expect(actions).toEqual(expect.arrayContaining(["round.open", "round.close"]));
  closeTestRound(db, other.roundId);
});

test("a round scheduled to open later: listed as scheduled, and its link says when it opens", async ({
  page,
  context,
  db,
  baseURL,
  javaScriptOn,
}) => {
  const tag = uniq();
  const comic = db
    .insert(comedians)
    .values({ name: `Later ${tag}` })
    .returning()
    .get();
  const show = insertShow(db, { title: `Later Show ${tag}`, venue: "Tipsy Toucan", time: "21:00" });
  db.insert(eventComedians).values({ eventId: show.id, comedianId: comic.id, role: "feature" }).run();
  await signInAsStaff(context, db, baseURL!);
  await page.goto("/admin/rounds");
  await chooseShow(page, `${show.id}:${show.date}`, javaScriptOn);
  const title = `Scheduled ${tag}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel(/Opens at/).fill(`${show.date}T21:30`);
  await page.getByRole("button", { name: "Open Round" }).click();
  // Nothing is open yet, so no room is asked about.
  await expect(page.getByText(new RegExp(`Round ${title} opens at 9:30 PM`)).first()).toBeVisible();
  await expect(page.getByRole("listitem", { name: title })).toContainText("Scheduled");
  const round = db.select().from(votingRounds).where(eq(votingRounds.title, title)).get()!;
  await page.goto(`/vote?round=${round.id}`);
  await expect(page.getByRole("heading", { name: /Voting opens at 9:30 PM/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Vote" })).toHaveCount(0);
  closeTestRound(db, round.id);
});

test("opening a round needs a title and at least one comedian @no-fast-path", async ({
  page,
  context,
  db,
  baseURL,
  javaScriptOn,
}) => {
  const show = insertShow(db, { title: `Empty Show ${uniq()}`, venue: "Tipsy Toucan", time: "20:00" });
  await signInAsStaff(context, db, baseURL!);
  await page.goto("/admin/rounds");
  await chooseShow(page, `${show.id}:${show.date}`, javaScriptOn);
  // A show without a line-up ticks nobody.
  expect(await page.locator('input[name="comedianIds"]:checked').count()).toBe(0);
  await page.getByLabel("Title").fill(" ");
  await page.getByRole("button", { name: "Open Round" }).click();
  await expect(page.getByText("Please give the round a title")).toBeVisible();
  await expect(page.getByText("Choose at least one comedian for the round")).toBeVisible();
});

import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { auditLog, votingRounds, comedians } from "~/db/schema";
import { signInAsStaff } from "../support/staff";
import { uniq } from "../support/voting";
import { expect, test } from "./fixtures";

test("staff open a round with chosen comedians, voters see it, staff close it and its results stay", async ({
  page,
  context,
  db,
  baseURL,
}) => {
  const tag = uniq();
  const [inRound, outOfRound] = [`Round In ${tag}`, `Round Out ${tag}`].map((name) =>
    db.insert(comedians).values({ name }).returning().get(),
  );
  await signInAsStaff(context, db, baseURL!);
  await page.goto("/admin/rounds");
  const title = `Final ${tag}`;
  await page.getByLabel("Title").fill(title);
  // Choose only one of the two new comedians (every listed comedian starts ticked). The shared
  // test database holds many comedians: untick them all in one step, then tick the one.
  await untickAll(page);
  await page.getByRole("checkbox", { name: inRound.name }).check();
  await expect(page.getByRole("checkbox", { name: outOfRound.name })).not.toBeChecked();
  await page.getByRole("button", { name: "Open Round" }).click();
  await expect(page.getByText(`Opened round: ${title}`).first()).toBeVisible();
  const round = db.select().from(votingRounds).where(eq(votingRounds.title, title)).get()!;
  const item = page.getByRole("listitem", { name: title });
  await expect(item).toContainText("Open");
  await expect(item).toContainText("1 comedians");

  await page.goto(`/vote?round=${round.id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("radio")).toHaveCount(1);
  await expect(page.getByRole("radio", { name: inRound.name })).toBeVisible();

  await page.goto("/admin/rounds");
  await page.getByRole("button", { name: `Close round: ${title}` }).click();
  await expect(page.getByText(`Closed round: ${title}`).first()).toBeVisible();
  await expect(page.getByRole("listitem", { name: title })).toContainText("Closed");
  await page.goto(`/vote?round=${round.id}`);
  await expect(page.getByRole("heading", { name: "Voting is closed" })).toBeVisible();

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
});

test("opening a round needs a title and at least one comedian", async ({ page, context, db, baseURL }) => {
  await signInAsStaff(context, db, baseURL!);
  await page.goto("/admin/rounds");
  await page.getByLabel("Title").fill(" ");
  await untickAll(page);
  await page.getByRole("button", { name: "Open Round" }).click();
  await expect(page.getByText("Please give the round a title")).toBeVisible();
  await expect(page.getByText("Choose at least one comedian for the round")).toBeVisible();
});

/** Unticks every comedian of the open-round form at once (as a person would, just faster). */
async function untickAll(page: Page) {
  await page.locator('input[type="checkbox"][name="comedianIds"]').evaluateAll((boxes) => {
    for (const box of boxes as HTMLInputElement[]) box.checked = false;
  });
}

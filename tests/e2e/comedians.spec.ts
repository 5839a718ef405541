import { eq } from "drizzle-orm";
import { auditLog, comedians } from "~/db/schema";
import { comedianSlug } from "~/lib/lineup";
import { drawnHeadshot } from "../../scripts/seeds/headshots";
import { E2E_ENV } from "../support/env";
import { signInAsStaff } from "../support/staff";
import { addVotes, closeTestRound, createRound, uniq } from "../support/voting";
import { expect, test } from "./fixtures";

test("visitors are sent to the staff login and their posts change nothing @once", async ({ page, db }) => {
  for (const path of ["/manage-comedians", "/test-delete", "/admin/rounds"]) {
    await page.goto(path);
    await expect(page).toHaveURL(
      new RegExp(`/admin/login\\?redirectTo=${encodeURIComponent(path).replace(/\//g, "%2F")}`),
    );
  }
  const victim = createRound(db, "Guarded", [{ name: "Guarded Comic" }]);
  const origin = new URL(page.url()).origin;
  for (const path of ["/manage-comedians", "/test-delete"]) {
    const res = await page.request.post(path, {
      form: { intent: "delete", id: String(victim.comedians[0].id), confirmed: "yes" },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(401);
  }
  const add = await page.request.post("/manage-comedians", {
    form: { intent: "add", name: "Sneaky" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(add.status()).toBe(401);
  expect(
    db.select().from(comedians).where(eq(comedians.id, victim.comedians[0].id)).get()?.deletedAt,
  ).toBeNull();
  closeTestRound(db, victim.roundId);
});

test("add a comedian: name required, bio optional, the spec's texts, listed with its id", async ({
  page,
  context,
  db,
  baseURL,
  javaScriptOn,
}) => {
  await signInAsStaff(context, db, baseURL!);
  await page.goto("/manage-comedians");
  await expect(page.getByRole("heading", { name: "Manage comedians" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Results" })).toHaveAttribute("href", "/results");
  const add = page.getByRole("button", { name: "Add Comedian" });
  if (javaScriptOn) {
    await expect(add).toBeDisabled();
    await page.getByLabel("Name").fill("   ");
    await expect(add).toBeDisabled();
  } else {
    await page.getByLabel("Name").fill("   ");
    await add.click();
    await expect(page.getByRole("alert").filter({ hasText: "Comedian name is required" })).toBeVisible();
  }
  const name = `Newcomer ${uniq()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Bio (optional)").fill("Fresh from the open mic.");
  await expect(add).toBeEnabled();
  if (javaScriptOn) {
    // Hold the post until the pending text has been seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/manage-comedians?*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await add.click();
    await expect(page.getByRole("button", { name: "Adding..." })).toBeDisabled();
    release();
  } else {
    await add.click();
  }
  await expect(page.getByRole("status", { name: "Status" })).toHaveText(`Added comedian: ${name}`);
  const row = db.select().from(comedians).where(eq(comedians.name, name)).get()!;
  expect(row.bio).toBe("Fresh from the open mic.");
  const item = page.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText(`ID: ${row.id}`);
  await expect(item).toContainText("Fresh from the open mic.");
  // The add form is empty again for the next one.
  await expect(page.getByLabel("Name")).toHaveValue("");
  const audit = db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(row.id)))
    .all();
  expect(audit.map((a) => a.action)).toContain("comedian.create");
});

test("the add form takes an optional headshot through the image pipeline; a file that is not an image adds nobody", async ({
  page,
  context,
  db,
  baseURL,
  javaScriptOn,
}) => {
  test.setTimeout(90_000);
  await signInAsStaff(context, db, baseURL!);
  await page.goto("/manage-comedians");
  // Not an image: 400, the form's message and its values kept, nobody added.
  const refused = `Not A Photo ${uniq()}`;
  await page.getByLabel("Name").fill(refused);
  await page.getByLabel("Headshot (optional)").setInputFiles({
    name: "me.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<html>this is not a photo</html>".repeat(20)),
  });
  const responded = javaScriptOn ? null : page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Add Comedian" }).click();
  if (responded) expect((await responded).status()).toBe(400);
  await expect(
    page.getByRole("alert").filter({ hasText: "Headshot: That file is not an image" }),
  ).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(refused);
  expect(db.select().from(comedians).where(eq(comedians.name, refused)).get()).toBeUndefined();

  // A photo: added with it, and the comedian's page shows it (not the initials).
  const name = `Pictured ${uniq()}`;
  await page.getByLabel("Name").fill(name);
  await page
    .getByLabel("Headshot (optional)")
    .setInputFiles({ name: "headshot.png", mimeType: "image/png", buffer: await drawnHeadshot(name) });
  await page.getByRole("button", { name: "Add Comedian" }).click();
  await expect(page.getByRole("status", { name: "Status" })).toHaveText(`Added comedian: ${name}`);
  const row = db.select().from(comedians).where(eq(comedians.name, name)).get()!;
  expect(row.photoHash).toMatch(/^[0-9a-f]{16}$/);
  await page.goto(`/comedians/${comedianSlug(name)}`);
  const photo = page.getByRole("img", { name, exact: true });
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(`/img/${row.photoHash}-`);
  await expect(page.getByTestId("headshot-initials")).toHaveCount(0);
});

test("both delete buttons delete through the server; the page explains it", async ({
  page,
  context,
  db,
  baseURL,
}) => {
  const tag = uniq();
  const [one, two] = [`Delete Me ${tag}`, `Delete Me Too ${tag}`].map((name) =>
    db.insert(comedians).values({ name }).returning().get(),
  );
  await signInAsStaff(context, db, baseURL!);
  await page.goto("/manage-comedians");
  await expect(page.getByText(/Both delete buttons do the same thing/)).toBeVisible();
  await page.getByRole("button", { name: `Delete Directly: ${one.name}` }).click();
  await expect(page.getByRole("status", { name: "Status" })).toHaveText(`Deleted comedian: ${one.name}`);
  await expect(page.getByRole("listitem").filter({ hasText: one.name })).toHaveCount(0);
  await page.getByRole("button", { name: `Delete via Server: ${two.name}` }).click();
  await expect(page.getByRole("status", { name: "Status" })).toHaveText(`Deleted comedian: ${two.name}`);
  await expect(page.getByRole("listitem").filter({ hasText: two.name })).toHaveCount(0);
  expect(db.select().from(comedians).where(eq(comedians.id, two.id)).get()?.deletedAt).toBeInstanceOf(Date);
});

test("deleting a comedian with votes asks first, and the past round's results keep them", async ({
  page,
  context,
  db,
  baseURL,
}) => {
  const round = createRound(db, "Confirm round", [{ name: "Voted Comic" }]);
  const comic = round.comedians[0];
  addVotes(db, round.roundId, comic.id, 2);
  closeTestRound(db, round.roundId);
  await signInAsStaff(context, db, baseURL!);
  await page.goto("/manage-comedians");
  await page.getByRole("button", { name: `Delete via Server: ${comic.name}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Delete ${comic.name}?`);
  await expect(dialog).toContainText("has 2 votes");
  // Nothing is deleted until confirmed.
  expect(db.select().from(comedians).where(eq(comedians.id, comic.id)).get()?.deletedAt).toBeNull();
  await dialog.getByRole("button", { name: `Yes, delete ${comic.name}` }).click();
  await expect(page.getByRole("status", { name: "Status" })).toHaveText(`Deleted comedian: ${comic.name}`);
  await expect(page.getByRole("listitem").filter({ hasText: comic.name })).toHaveCount(0);

  await page.goto(`/results?round=${round.roundId}`);
  const first = page.getByRole("table").getByRole("row").nth(1);
  await expect(first).toContainText(comic.name);
  await expect(first.getByRole("cell")).toHaveText(["1", "2", "100.0%"]);
});

test("/test-delete lists comedians behind the staff login and deletes with the same action", async ({
  page,
  context,
  db,
  baseURL,
}) => {
  const comic = db
    .insert(comedians)
    .values({ name: `Test Delete ${uniq()}` })
    .returning()
    .get();
  await signInAsStaff(context, db, baseURL!);
  await page.goto("/test-delete");
  await expect(page.getByRole("heading", { name: "Test delete" })).toBeVisible();
  await expect(page.getByText(/disable row-level security/i)).toHaveCount(0);
  const item = page.getByRole("listitem").filter({ hasText: comic.name });
  await expect(item).toContainText(`ID: ${comic.id}`);
  await item.getByRole("button", { name: /Delete Directly/ }).click();
  await expect(page).toHaveURL(/\/test-delete$/);
  await expect(page.getByRole("status", { name: "Status" })).toHaveText(`Deleted comedian: ${comic.name}`);
  expect(db.select().from(comedians).where(eq(comedians.id, comic.id)).get()?.deletedAt).toBeInstanceOf(Date);
  expect(E2E_ENV.ADMIN_USERNAME).toBeTruthy();
});

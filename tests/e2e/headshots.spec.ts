import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { comedians, images } from "~/db/schema";
import { comedianSlug } from "~/lib/lineup";
import type { DB } from "~/utils/db.server";
import { drawnHeadshot } from "../../scripts/seeds/headshots";
import { clickFocalPoint, loginAsStaff } from "../support/staff";
import { expect, test } from "./fixtures";

/**
 * Issue 42 (item 6): comedians' headshots through the posters' image pipeline. Staff upload one
 * in the comedian form (a plain file input without JavaScript; a preview and a click-to-set
 * focal point with it); the comedian page shows it as square AVIF/WebP/JPEG crops, sized, with
 * the comic's name as its text; Remove photo takes it away; a comic without one shows initials.
 */

/** A comedian of the test's own: "First <random> Last" (the initials stay F and L). */
function newComedian(db: DB, first: string, last: string) {
  const name = `${first} ${crypto.randomBytes(3).toString("hex")} ${last}`;
  const slug = comedianSlug(name);
  const row = db.insert(comedians).values({ name, slug }).returning().get();
  return { ...row, slug };
}

test("staff upload a headshot and set its focal point; the comedian page shows it, then Remove photo takes it away", async ({
  page,
  db,
  javaScriptOn,
  request,
}) => {
  // Two page loads of the form, two of the page, an upload on a shared machine.
  test.setTimeout(90_000);
  const comic = newComedian(db, "Nadia", "Headshot");
  await loginAsStaff(page, `/admin/comedians/${comic.id}`);
  // A distinct drawing per test (its own content hash): the comic's own initials.
  await page
    .getByLabel("Upload a headshot")
    .setInputFiles({ name: "headshot.png", mimeType: "image/png", buffer: await drawnHeadshot(comic.name) });
  if (javaScriptOn) {
    await clickFocalPoint(page, "headshot-preview", 0.5, 0.25);
    await expect(page.getByRole("textbox", { name: "Focal point" })).toHaveValue(/^(49|50|51),(24|25|26)$/);
  } else {
    // Without JavaScript the field starts empty: the face's default (the upper middle) applies.
    await expect(page.getByRole("textbox", { name: "Focal point" })).toHaveAttribute("placeholder", "50,30");
    await page.getByRole("textbox", { name: "Focal point" }).fill("50,25");
  }
  await page.getByRole("button", { name: "Save comedian" }).click();
  await expect(page).toHaveURL(/\/admin\/comedians$/);
  await expect(page.getByText(`Saved comedian: ${comic.name}`)).toBeVisible();

  const row = db.select().from(comedians).where(eq(comedians.id, comic.id)).get()!;
  expect(row.photoHash).toMatch(/^[0-9a-f]{16}$/);
  const [fx, fy] = row.photoFocus!.split(",").map(Number);
  expect(Math.abs(fx - 50)).toBeLessThanOrEqual(1);
  expect(Math.abs(fy - 25)).toBeLessThanOrEqual(1);

  await page.goto(`/comedians/${comic.slug}`);
  const base = `/img/${row.photoHash}-${fx}-${fy}`;
  const photo = page.getByRole("img", { name: comic.name, exact: true });
  await expect(photo).toHaveAttribute("width", "256");
  await expect(photo).toHaveAttribute("height", "256");
  await expect(photo).toHaveAttribute("style", /background-image: ?url\("?data:image\/webp;base64,/);
  await expect(page.locator('.comedian-profile source[type="image/avif"]')).toHaveAttribute(
    "srcset",
    new RegExp(`${base}-s96\\.avif 96w, .*${base}-s512\\.avif 512w`),
  );
  await expect(page.getByTestId("headshot-initials")).toHaveCount(0);
  // The browser shows it (decoded, the comic's own file), square on the page.
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(`/img/${row.photoHash}-`);
  const shown = (await photo.boundingBox())!;
  expect(Math.abs(shown.width - shown.height)).toBeLessThanOrEqual(1);
  // Its files: squares, cached for a year; a focal point nobody uses is not rendered.
  const square = await request.get(`${base}-s192.webp`);
  expect(square.status()).toBe(200);
  expect(square.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const meta = await sharp(await square.body()).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(["webp", 192, 192]);
  expect((await request.get(`/img/${row.photoHash}-1-2-s192.webp`)).status()).toBe(404);
  // Share card and JSON-LD name it too.
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    new RegExp(`${base}-s512\\.jpg$`),
  );

  // Remove photo: the form is saved without it, the page shows the initials again.
  await page.goto(`/admin/comedians/${comic.id}`);
  await expect(page.getByTestId("headshot-preview")).toHaveAttribute(
    "src",
    `/img/${row.photoHash}-50-50-preview.jpg`,
  );
  await page.getByRole("button", { name: "Remove photo" }).click();
  await expect(page).toHaveURL(/\/admin\/comedians$/);
  await expect(page.getByText(`Saved comedian: ${comic.name} (photo removed)`)).toBeVisible();
  expect(db.select().from(comedians).where(eq(comedians.id, comic.id)).get()).toMatchObject({
    photoHash: null,
    photoFocus: null,
  });
  await page.goto(`/comedians/${comic.slug}`);
  await expect(page.locator(".comedian-profile img")).toHaveCount(0);
  await expect(page.getByTestId("headshot-initials")).toHaveAttribute("data-initials", "NH");
});

test("a comic without a headshot shows their initials, never a broken image", async ({ page, db }) => {
  const comic = newComedian(db, "Quinn", "Placeholder");
  // A phone: the page's photo is a 9rem square above the name.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/comedians/${comic.slug}`);
  const initials = page.locator(".comedian-profile").getByTestId("headshot-initials");
  await expect(initials).toHaveAttribute("data-initials", "QP");
  await expect(initials).toHaveAttribute("aria-hidden", "true");
  const box = (await initials.boundingBox())!;
  expect(Math.round(box.width)).toBe(144);
  expect(Math.round(box.height)).toBe(144);
  await expect(page.locator(".comedian-profile img")).toHaveCount(0);
  // The list of comedians too.
  await page.goto("/comedians");
  const card = page.locator(".comedian-card").filter({ hasText: comic.name });
  await expect(card.getByTestId("headshot-initials")).toHaveAttribute("data-initials", "QP");
  // Drawn, not written: the card's text is the comic's name alone.
  await expect(card.getByRole("heading")).toHaveText(comic.name);
  await expect(card.locator("img")).toHaveCount(0);
});

test("a file that is not an image is refused with a clear message and nothing is stored", async ({
  page,
  db,
  javaScriptOn,
}) => {
  const comic = newComedian(db, "Bad", "File");
  await loginAsStaff(page, `/admin/comedians/${comic.id}`);
  await page.getByLabel("Upload a headshot").setInputFiles({
    name: "me.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<html>this is not a photo</html>".repeat(20)),
  });
  const responded = javaScriptOn ? null : page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Save comedian" }).click();
  if (responded) expect((await responded).status()).toBe(400);
  await expect(
    page.getByRole("alert").filter({ hasText: "Headshot: That file is not an image" }),
  ).toBeVisible();
  expect(db.select().from(comedians).where(eq(comedians.id, comic.id)).get()!.photoHash).toBeNull();
});

test("a HEIC headshot from a phone uploads through the form and is shown upright", async ({
  page,
  db,
  request,
}) => {
  test.setTimeout(90_000);
  const comic = newComedian(db, "Hana", "Phone");
  await loginAsStaff(page, `/admin/comedians/${comic.id}`);
  // The posters' phone photo (tests/fixtures/README.md): 1600×1200 as the sensor saw it, turned a
  // quarter clockwise to view (1200×1600), its red block then in the top-right quarter.
  const heic = fs.readFileSync(path.resolve("tests/fixtures/rotated-phone.heic"));
  await page
    .getByLabel("Upload a headshot")
    .setInputFiles({ name: "IMG_0002.HEIC", mimeType: "image/heic", buffer: heic });
  await page.getByRole("button", { name: "Save comedian" }).click();
  await expect(page).toHaveURL(/\/admin\/comedians$/);
  await expect(page.getByText(`Saved comedian: ${comic.name}`)).toBeVisible();
  const row = db.select().from(comedians).where(eq(comedians.id, comic.id)).get()!;
  expect(row.photoHash).toMatch(/^[0-9a-f]{16}$/);
  const stored = db.select().from(images).where(eq(images.hash, row.photoHash!)).get()!;
  expect([stored.format, stored.width, stored.height]).toEqual(["heic", 1200, 1600]);

  // The page shows it, and its square is cut from the upright photo: red at the top right.
  await page.goto(`/comedians/${comic.slug}`);
  const photo = page.getByRole("img", { name: comic.name, exact: true });
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const src = await photo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
  expect(src).toContain(`/img/${row.photoHash}-`);
  const [fx, fy] = (row.photoFocus ?? "50,30").split(",");
  const square = await request.get(`/img/${row.photoHash}-${fx}-${fy}-s192.webp`);
  expect(square.status()).toBe(200);
  const { data, info } = await sharp(await square.body())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([192, 192]);
  const red = (x: number, y: number) => {
    const i = (Math.round(y * (info.height - 1)) * info.width + Math.round(x * (info.width - 1))) * 3;
    return data[i] > 150 && data[i + 1] < 110 && data[i + 2] < 110;
  };
  expect([red(0.85, 0.15), red(0.15, 0.15)]).toEqual([true, false]);
});

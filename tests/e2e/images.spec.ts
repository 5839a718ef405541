import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { events, images } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import { ingestBytes } from "~/models/show-images.server";
import type { DB } from "~/utils/db.server";
import { imagesDir } from "~/utils/image-pipeline.server";
import { BOOKABLE, insertShow, type ShowRow } from "../support/shows";
import { clickFocalPoint, loginAsStaff } from "../support/staff";
import { expect, test } from "./fixtures";

/**
 * Show images: a poster uploaded in the event form (plain file input without JavaScript, a
 * preview and a click-to-set focal point with it) is served as responsive AVIF/WebP/JPEG with
 * size, placeholder and immutable caching; a bad file is refused; a broken image falls back.
 */

const unique = (label: string) => `${label} ${crypto.randomBytes(4).toString("hex")}`;

const posterShow = (db: DB, title: string, values: Partial<ShowRow> = {}) =>
  insertShow(db, { ...BOOKABLE, title, date: addDaysIso(todayIn("America/Toronto"), 25), ...values });

async function posterJpeg(seed: number) {
  // A distinct photo-like poster per test (distinct content hash).
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="1200"><defs><linearGradient id="g"><stop offset="0" stop-color="#${((seed * 2654435761) % 0xffffff).toString(16).padStart(6, "0")}"/><stop offset="1" stop-color="#111"/></linearGradient></defs><rect width="1800" height="1200" fill="url(#g)"/><circle cx="1300" cy="500" r="220" fill="#f5c08a"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).withMetadata({ orientation: 1 }).toBuffer();
}

test("staff upload a poster and set its focal point; pages serve it responsive, sized and cached for a year", async ({
  page,
  db,
  javaScriptOn,
  request,
}) => {
  const show = posterShow(db, unique("Poster Show"));
  await loginAsStaff(page, `/admin/events/${show.id}`);
  await page
    .getByLabel("Upload a poster")
    .setInputFiles({ name: "poster.jpg", mimeType: "image/jpeg", buffer: await posterJpeg(show.id) });
  if (javaScriptOn) {
    // The chosen file is previewed; a click on it sets the focal point (right third, upper half).
    await clickFocalPoint(page, "poster-preview", 0.7, 0.4);
    await expect(page.getByRole("textbox", { name: "Focal point" })).toHaveValue(
      /^(68|69|70|71|72),(38|39|40|41|42)$/,
    );
  } else {
    await page.getByRole("textbox", { name: "Focal point" }).fill("70,40");
  }
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  const row = db.select().from(events).where(eq(events.id, show.id)).get()!;
  expect(row.imageHash).toMatch(/^[0-9a-f]{16}$/);
  expect(row.imageSource).toBe("upload");
  const [fx, fy] = row.imageFocus!.split(",").map(Number);
  expect(Math.abs(fx - 70)).toBeLessThanOrEqual(1);
  expect(Math.abs(fy - 40)).toBeLessThanOrEqual(1);

  await page.goto(`/event/${show.id}`);
  const base = `/img/${row.imageHash}-${fx}-${fy}`;
  const hero = page.locator(".event-hero__media img");
  await expect(page.locator('.event-hero__media source[type="image/avif"]')).toHaveAttribute(
    "srcset",
    new RegExp(`${base}-w320\\.avif 320w, .*${base}-w1280\\.avif 1280w`),
  );
  await expect(page.locator('.event-hero__media source[type="image/webp"]')).toHaveAttribute(
    "srcset",
    new RegExp(`${base}-w640\\.webp 640w`),
  );
  await expect(hero).toHaveAttribute("width", "1280");
  await expect(hero).toHaveAttribute("height", "720");
  await expect(hero).toHaveAttribute("fetchpriority", "high");
  await expect(hero).toHaveAttribute("style", /background-image: ?url\("?data:image\/webp;base64,/);
  await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveAttribute(
    "imagesrcset",
    new RegExp(`${base}-w320\\.avif`),
  );
  // The browser actually shows it (the hero decoded, not the stock image).
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(`/img/${row.imageHash}-`);

  const avif = await request.get(`${base}-w640.avif`);
  expect(avif.status()).toBe(200);
  expect(avif.headers()["content-type"]).toBe("image/avif");
  expect(avif.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(avif.headers()["x-content-type-options"]).toBe("nosniff");
  expect(avif.headers()["content-security-policy"]).toBeUndefined();
  const meta = await sharp(await avif.body()).metadata();
  expect([meta.width, meta.height]).toEqual([640, 360]);

  const og = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(og).toMatch(new RegExp(`${base}-og\\.jpg$`));
  const card = await sharp(await (await request.get(new URL(og!).pathname)).body()).metadata();
  expect([card.format, card.width, card.height]).toEqual(["jpeg", 1200, 630]);
  // Made-up names are not rendered (no disk filling): an unused focal point is a 404.
  expect((await request.get(`/img/${row.imageHash}-1-2-w640.avif`)).status()).toBe(404);
});

test("a file that is not an image is refused with a clear message and nothing is stored", async ({
  page,
  db,
  javaScriptOn,
}) => {
  const show = posterShow(db, unique("Bad Poster Show"));
  await loginAsStaff(page, `/admin/events/${show.id}`);
  await page.getByLabel("Upload a poster").setInputFiles({
    name: "poster.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<html>this is not a poster</html>".repeat(20)),
  });
  const responded = javaScriptOn ? null : page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Update Event" }).click();
  if (responded) expect((await responded).status()).toBe(400);
  await expect(
    page.getByRole("alert").filter({ hasText: "Poster: That file is not an image" }),
  ).toBeVisible();
  const row = db.select().from(events).where(eq(events.id, show.id)).get()!;
  expect(row.imageHash).toBeNull();
});

test("a broken image link never breaks the page: the stock image is shown and the dashboard marks the show", async ({
  page,
  db,
  baseURL,
  javaScriptOn,
}) => {
  const show = posterShow(db, unique("Broken Link Show"));
  await loginAsStaff(page, `/admin/events/${show.id}`);
  // A link that answers, but not with an image.
  await page.getByLabel("Image URL").fill(`${baseURL}/robots.txt`);
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  // The flash says why (with JavaScript it is a toast that fades after a few seconds).
  if (!javaScriptOn)
    await expect(page.getByText(/Event updated, but: That file is not an image/)).toBeVisible();
  expect(db.select().from(events).where(eq(events.id, show.id)).get()!.imageError).toMatch(/not an image/);
  const card = page.getByRole("article", { name: show.title });
  await expect(card.getByText("Image problem: stock image shown")).toBeVisible();

  await page.goto(`/event/${show.id}`);
  const hero = page.locator(".event-hero__media img");
  await expect(hero).toHaveAttribute("src", "/images/stock-show.svg");
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test("an image whose stored file went missing still shows a picture (the stock one) and is marked", async ({
  page,
  db,
}) => {
  const hash = crypto.randomBytes(8).toString("hex");
  db.insert(images)
    .values({
      hash,
      width: 1600,
      height: 900,
      format: "jpeg",
      bytes: 1000,
      placeholder: "data:image/webp;base64,UklGRg==",
    })
    .run();
  const show = posterShow(db, unique("Lost File Show"), { imageHash: hash, imageSource: "upload" });
  await page.goto(`/event/${show.id}`);
  const hero = page.locator(".event-hero__media img");
  await expect(hero).toHaveAttribute("data-image", hash);
  // Whatever the browser picked, it got a decodable image (the stock JPEG), not a broken icon.
  await expect
    .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect
    .poll(() => db.select().from(events).where(eq(events.id, show.id)).get()!.imageError)
    .toContain("missing");
  await loginAsStaff(page, "/admin");
  await expect(
    page.getByRole("article", { name: show.title }).getByText("Image problem: stock image shown"),
  ).toBeVisible();
});

test("the home page fetches the first show card's poster first (a phone's largest first-view element); the rest wait @once", async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto("/");
  const cards = page.locator("#events .card-grid img");
  await expect(cards.first()).toHaveAttribute("loading", "eager");
  await expect(cards.first()).toHaveAttribute("fetchpriority", "high");
  // Only one image on the page asks for high priority; everything below the first card is lazy.
  await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
  for (const img of await page.locator(".home-club img, .carousel img, #events .card-grid img").all()) {
    if ((await img.getAttribute("fetchpriority")) !== "high") {
      await expect(img).toHaveAttribute("loading", "lazy");
      // Even a card a phone's first screen shows a corner of waits behind the first poster.
      await expect(img).toHaveAttribute("fetchpriority", "low");
    }
  }
});

test("a phone fetches the poster file that fills its screen, not a larger one @once", async ({
  browser,
  db,
  baseURL,
}) => {
  const stored = await ingestBytes(await posterJpeg(7), db, imagesDir(process.env.E2E_DATABASE_PATH!));
  if (!stored.ok) throw new Error(stored.message);
  const show = posterShow(db, unique("Phone Poster Show"), { imageHash: stored.hash, imageSource: "upload" });
  // The hero is the page's container on a phone: the screen less 2rem (what `sizes` says).
  const phones = [
    { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, file: 720 }, // Lighthouse's phone: 665 px
    { viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, file: 720 }, // 656 px
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, file: 1280 }, // 1,074 px
  ];
  for (const { file, ...device } of phones) {
    const context = await browser.newContext({ ...device, baseURL });
    const page = await context.newPage();
    await page.goto(`/event/${show.id}`);
    const hero = page.locator(".event-hero__media img");
    await expect
      .poll(() => hero.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(new RegExp(`/img/${stored.hash}-50-50-w${file}\\.avif$`));
    const shown = await hero.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width);
    expect(shown).toBeLessThanOrEqual(device.viewport.width - 32);
    expect(shown).toBeGreaterThan(device.viewport.width - 48);
    await context.close();
  }
});

test("a HEIC photo from a phone uploads through the form and is shown upright", async ({
  page,
  db,
  request,
}) => {
  const show = insertShow(db, { ...BOOKABLE, title: unique("Phone Photo Show") });
  await loginAsStaff(page, `/admin/events/${show.id}`);
  const heic = fs.readFileSync(path.resolve("tests/fixtures/rotated-phone.heic"));
  await page
    .getByLabel("Upload a poster")
    .setInputFiles({ name: "IMG_0001.HEIC", mimeType: "image/heic", buffer: heic });
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const row = db.select().from(events).where(eq(events.id, show.id)).get()!;
  expect(row.imageHash).toMatch(/^[0-9a-f]{16}$/);
  const stored = db.select().from(images).where(eq(images.hash, row.imageHash!)).get()!;
  // Stored 1600×1200 as the sensor saw it; the phone was turned, so it is shown 1200×1600.
  expect([stored.format, stored.width, stored.height]).toEqual(["heic", 1200, 1600]);
  const [fx, fy] = (row.imageFocus ?? "50,50").split(",");
  // A portrait photo is shown whole (issue 42): its share card is the whole-image one ("ogp").
  const card = await request.get(`/img/${row.imageHash}-${fx}-${fy}-ogp.jpg`);
  expect(card.status()).toBe(200);
  expect(await sharp(await card.body()).metadata()).toMatchObject({
    format: "jpeg",
    width: 1200,
    height: 630,
  });
});

/** A 2:3 portrait poster: its title in a red band across the top, a blue band at the bottom. */
async function portraitPoster(seed: number) {
  const grey = (0x40 + (seed % 0x40)).toString(16);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1800"><rect width="1200" height="1800" fill="#${grey}${grey}${grey}"/><rect width="1200" height="220" fill="#ff0000"/><rect y="1580" width="1200" height="220" fill="#0000ff"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

test("a portrait poster is shown whole, its title kept, on the show page and on a phone's card (issue 42)", async ({
  page,
  db,
  request,
}) => {
  const show = posterShow(db, unique("Portrait Poster Show"), {
    date: addDaysIso(todayIn("America/Toronto"), 1),
  });
  // Tomorrow's show would be the first card of every later home page in this worker: removed after.
  try {
    await loginAsStaff(page, `/admin/events/${show.id}`);
    await page
      .getByLabel("Upload a poster")
      .setInputFiles({ name: "poster.jpg", mimeType: "image/jpeg", buffer: await portraitPoster(show.id) });
    await page.getByRole("button", { name: "Update Event" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const row = db.select().from(events).where(eq(events.id, show.id)).get()!;
    // The form says the poster is shown whole.
    await page.goto(`/admin/events/${show.id}`);
    await expect(page.locator('[data-image-fit="whole"]')).toContainText("shown whole");

    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`/event/${show.id}`);
    const base = `/img/${row.imageHash}-50-50`;
    const hero = page.locator(".event-hero__media img");
    await expect(hero).toHaveAttribute("data-fit", "whole");
    await expect(page.locator('.event-hero__media source[type="image/avif"]')).toHaveAttribute(
      "srcset",
      new RegExp(`${base}-p320\\.avif 320w`),
    );
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The file shown holds the whole poster: the red title band at its top, the blue band at its foot.
    const shown = await hero.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    const file = await (await request.get(shown.replace(/\.(avif|webp)$/, ".jpg"))).body();
    const meta = await sharp(file).metadata();
    expect(meta.width! * 9).toBe(meta.height! * 16);
    const band = async (top: number) =>
      (
        await sharp(
          await sharp(file)
            .extract({ left: Math.round(meta.width! / 2) - 5, top, width: 10, height: 6 })
            .toBuffer(),
        ).stats()
      ).channels;
    const [r, , b] = await band(2);
    expect(r.mean).toBeGreaterThan(200);
    expect(b.mean).toBeLessThan(60);
    const [r2, , b2] = await band(meta.height! - 8);
    expect(b2.mean).toBeGreaterThan(200);
    expect(r2.mean).toBeLessThan(60);
    // No crop of it is made; the share card is the whole one too.
    expect((await request.get(`${base}-w640.avif`)).status()).toBe(404);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`${base}-ogp\\.jpg$`),
    );

    // On a phone's home page the card keeps the 16:9 frame (the 2:1 crop of other cards would cut the title).
    await page.goto(`/?q=${encodeURIComponent(show.title)}`);
    const card = page.locator(`#events .show-card__media:has(img[data-image="${row.imageHash}"])`);
    const box = (await card.boundingBox())!;
    expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.03);
  } finally {
    db.delete(events).where(eq(events.id, show.id)).run();
  }
});

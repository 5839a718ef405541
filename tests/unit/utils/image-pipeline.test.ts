import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { events } from "~/db/schema";
import { imageFromForm } from "~/features/events/show-image.server";
import { sniffImage } from "~/lib/image-sniff";
import { allVariants, variantFileName, type VariantName } from "~/lib/image-variants";
import { ingestBytes, isImageInUse, setShowImage, showImageRef } from "~/models/show-images.server";
import { decodeHeic } from "~/utils/heic-decode.server";
import {
  ImageError,
  POSTER_BUSY_MESSAGE,
  processOriginal,
  produceAllVariants,
  renderVariant,
  withPosterTicket,
} from "~/utils/image-pipeline.server";
import { createTestDb } from "../../support/db";
import { insertShow } from "../../support/shows";

/**
 * The show-image pipeline: content sniffing, the master, variants, crops, focal point, metadata.
 * The pure rules (crop boxes, focal points, variant names, sniffing by brand) are in
 * tests/unit/lib/image-variants.test.ts.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "images-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A w×h image: left half red, right half blue (so a crop's side is visible in its pixels). */
function halves(w: number, h: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w / 2}" height="${h}" fill="#ff0000"/><rect x="${w / 2}" width="${w / 2}" height="${h}" fill="#0000ff"/></svg>`;
  return sharp(Buffer.from(svg));
}

async function meanColour(buffer: Buffer) {
  const { channels } = await sharp(buffer).stats();
  return { r: channels[0].mean, g: channels[1].mean, b: channels[2].mean };
}

describe("content sniffing", () => {
  it("recognises JPEG, PNG, WebP and AVIF by their bytes", async () => {
    const base = halves(64, 32);
    expect(sniffImage(await base.clone().jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImage(await base.clone().png().toBuffer())).toBe("png");
    expect(sniffImage(await base.clone().webp().toBuffer())).toBe("webp");
    expect(sniffImage(await base.clone().avif({ effort: 0 }).toBuffer())).toBe("avif");
  });

  it("refuses text, HTML, SVG and truncated files whatever they are called", async () => {
    expect(sniffImage(Buffer.from("<!doctype html><html><body>Not found</body></html>"))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImage(Buffer.from("GIF89a......"))).toBeNull();
    expect(sniffImage(Buffer.from([0xff, 0xd8]))).toBeNull();
    await expect(
      processOriginal(Buffer.from("<html>poster.jpg</html>".padEnd(200, " "))),
    ).rejects.toMatchObject({ kind: "not-image" });
  });

  it("refuses a file that starts like a JPEG but cannot be decoded", async () => {
    const jpeg = await halves(400, 200).jpeg().toBuffer();
    const broken = Buffer.concat([jpeg.subarray(0, 40), Buffer.alloc(400, 0x41)]);
    await expect(processOriginal(broken)).rejects.toBeInstanceOf(ImageError);
  });
});

describe("the master", () => {
  it("applies the EXIF orientation and strips EXIF and every other metadata", async () => {
    // A 300×100 photo taken with the phone turned: orientation 6 means "rotate 90° to view".
    const photo = await halves(300, 100)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: "Secret Camera Owner" } })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const processed = await processOriginal(photo);
    const after = await sharp(processed.master).metadata();
    expect([after.width, after.height]).toEqual([100, 300]);
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(processed.master.includes(Buffer.from("Secret Camera Owner"))).toBe(false);
    expect(processed.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(processed.placeholder.length).toBeLessThan(600);
  });

  it("keeps at most 2560 px on the longest side and the same hash for the same bytes", async () => {
    const big = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: "#334455" } })
      .jpeg()
      .toBuffer();
    const a = await processOriginal(big);
    const b = await processOriginal(big);
    expect([a.width, a.height]).toEqual([2560, 1707]);
    expect(a.hash).toBe(b.hash);
    expect(a.hash).toMatch(/^[0-9a-f]{16}$/);
  });

  it("reads an uploaded file from disk with the same result as its bytes", async () => {
    const photo = await halves(800, 400).jpeg().toBuffer();
    const file = path.join(tmp, "upload.bin");
    fs.writeFileSync(file, photo);
    const fromFile = await processOriginal({ path: file });
    const fromBytes = await processOriginal(photo);
    expect(fromFile.hash).toBe(fromBytes.hash);
    expect([fromFile.width, fromFile.height, fromFile.bytes]).toEqual([800, 400, photo.length]);
    fs.writeFileSync(file, "<html>not an image</html>".padEnd(100, " "));
    await expect(processOriginal({ path: file })).rejects.toMatchObject({ kind: "not-image" });
  });
});

describe("posters from the staff form", () => {
  it("one is processed and one waits; a third at that moment is refused at once, and the next is taken once one is done", async () => {
    const gates: (() => void)[] = [];
    const job = () =>
      withPosterTicket(() => new Promise<string>((resolve) => gates.push(() => resolve("done"))));
    const first = job();
    const second = job();
    await expect(job()).rejects.toMatchObject({ kind: "busy", message: POSTER_BUSY_MESSAGE });
    gates[0]();
    expect(await first).toBe("done");
    const fourth = job();
    gates[1]();
    gates[2]();
    expect(await Promise.all([second, fourth])).toEqual(["done", "done"]);
  });

  it("a refused poster's form stores nothing and says to try again (503)", async () => {
    const database = createTestDb();
    const holdGates: (() => void)[] = [];
    const hold = () => withPosterTicket(() => new Promise<void>((r) => holdGates.push(r)));
    const busy = [hold(), hold()];
    const file = path.join(tmp, "refused.jpg");
    fs.writeFileSync(file, await halves(200, 100).jpeg().toBuffer());
    const outcome = await imageFromForm({ poster: { path: file }, imageUrl: null, current: null }, database);
    expect(outcome).toEqual({ kind: "rejected", message: POSTER_BUSY_MESSAGE, status: 503 });
    expect(database.$client.prepare("select count(*) from images").pluck().get()).toBe(0);
    for (const open of holdGates) open();
    await Promise.all(busy);
  });
});

describe("variants and crops", () => {
  const size = { width: 1600, height: 1200 };
  const hash = "0123456789abcdef";
  let master: Buffer;
  const render = async (kind: VariantName["kind"], focus = { x: 50, y: 50 }) => {
    master ??= await halves(size.width, size.height).jpeg().toBuffer();
    return renderVariant(master, size, { hash, focus, kind });
  };

  it("renders 16:9 display crops in AVIF, WebP and JPEG at the asked width", async () => {
    for (const [format, expected] of [
      ["avif", "heif"],
      ["webp", "webp"],
      ["jpg", "jpeg"],
    ] as const) {
      const out = await render({ type: "display", width: 640, format });
      const meta = await sharp(out).metadata();
      expect(meta.format).toBe(expected);
      expect([meta.width, meta.height]).toEqual([640, 360]);
    }
  });

  it("AVIF and WebP are smaller than the JPEG of the same crop", async () => {
    const photoLike = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .blur(3)
      .jpeg()
      .toBuffer();
    const v = (format: "avif" | "webp" | "jpg") =>
      renderVariant(photoLike, size, {
        hash,
        focus: { x: 50, y: 50 },
        kind: { type: "display", width: 960, format },
      });
    const [avif, webp, jpg] = await Promise.all([v("avif"), v("webp"), v("jpg")]);
    expect(avif.length).toBeLessThan(jpg.length);
    expect(webp.length).toBeLessThan(jpg.length);
  });

  it("renders the JSON-LD crops 16:9, 4:3 and 1:1 at least 1200 px wide, and a 1200×630 card", async () => {
    for (const [ratio, height] of [
      ["16x9", 675],
      ["4x3", 900],
      ["1x1", 1200],
    ] as const) {
      const meta = await sharp(await render({ type: "ld", ratio })).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, height]);
    }
    const og = await sharp(await render({ type: "og" })).metadata();
    expect([og.format, og.width, og.height]).toEqual(["jpeg", 1200, 630]);
  });

  it("keeps the focal point inside the crop (left face stays left, right stays right)", async () => {
    // A wide banner: a square crop is a third of it, so it holds only one colour.
    const wide = await halves(3000, 1000).jpeg().toBuffer();
    const square = (x: number) =>
      renderVariant(
        wide,
        { width: 3000, height: 1000 },
        { hash, focus: { x, y: 50 }, kind: { type: "ld", ratio: "1x1" } },
      );
    const left = await meanColour(await square(5));
    const right = await meanColour(await square(95));
    const centre = await meanColour(await square(50));
    expect(centre.r).toBeGreaterThan(80);
    expect(centre.b).toBeGreaterThan(80);
    expect(left.r).toBeGreaterThan(200);
    expect(left.b).toBeLessThan(60);
    expect(right.b).toBeGreaterThan(200);
    expect(right.r).toBeLessThan(60);
  });

  it("produces every variant of an image and focal point on disk", async () => {
    const database = createTestDb();
    const jpeg = await halves(2000, 1500).jpeg().toBuffer();
    const result = await ingestBytes(jpeg, database, tmp);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const row = { hash: result.hash, width: 2000, height: 1500 };
    await produceAllVariants(tmp, row, { x: 30, y: 40 });
    const files = fs.readdirSync(path.join(tmp, result.hash));
    const expected = allVariants({ hash: result.hash, focus: { x: 30, y: 40 }, maxWidth: 2000 }).map(
      variantFileName,
    );
    expect(expected).toHaveLength(5 * 3 + 3 + 1);
    for (const name of expected) expect(files).toContain(name);
  });
});

describe("portrait posters shown whole (issue 42)", () => {
  /** A 2:3 poster: a red title band on top, a blue band at the bottom, grey between. */
  const poster = () =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1200"><rect width="800" height="1200" fill="#808080"/><rect width="800" height="150" fill="#ff0000"/><rect y="1050" width="800" height="150" fill="#0000ff"/></svg>`,
      ),
    )
      .jpeg()
      .toBuffer();
  const size = { width: 800, height: 1200 };
  const strip = async (file: Buffer, top: number, height: number) => {
    const meta = await sharp(file).metadata();
    const width = 20;
    return meanColour(
      await sharp(file)
        .extract({ left: Math.round((meta.width! - width) / 2), top, width, height })
        .toBuffer(),
    );
  };

  it("a whole display file is 16:9 with the poster's top and bottom in it, centred on a dimmed backdrop", async () => {
    const out = await renderVariant(await poster(), size, {
      hash: "0123456789abcdef",
      focus: { x: 50, y: 50 },
      kind: { type: "display", width: 640, format: "jpg", whole: true },
    });
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([640, 360]);
    // The title band (top) and the bottom band are both there: nothing was cut off.
    const top = await strip(out, 2, 16);
    const bottom = await strip(out, 360 - 18, 16);
    expect(top.r).toBeGreaterThan(200);
    expect(top.b).toBeLessThan(60);
    expect(bottom.b).toBeGreaterThan(200);
    expect(bottom.r).toBeLessThan(60);
    // Beside the poster (240 px wide in the middle) is the backdrop, dimmed: darker than the poster's grey.
    const side = meanColour(
      await sharp(out).extract({ left: 10, top: 150, width: 40, height: 60 }).toBuffer(),
    );
    expect((await side).g).toBeLessThan(100);
  });

  it("the crop of the same poster loses its title: why portrait posters are not cropped", async () => {
    const out = await renderVariant(await poster(), size, {
      hash: "0123456789abcdef",
      focus: { x: 50, y: 50 },
      kind: { type: "display", width: 640, format: "jpg" },
    });
    expect((await strip(out, 2, 16)).r).toBeLessThan(160);
  });

  it("the page's image reference and every produced file are whole for a portrait poster", async () => {
    const database = createTestDb();
    const stored = await ingestBytes(await poster(), database, tmp);
    if (!stored.ok) throw new Error(stored.message);
    const id = insertShow(database, { title: "Poster Night", date: "2030-01-01" }).id;
    setShowImage(id, { source: "upload", hash: stored.hash, focus: { x: 50, y: 50 } }, database);
    const ref = showImageRef(database.select().from(events).get()!, database)!;
    expect(ref.fit).toBe("whole");
    await produceAllVariants(tmp, { hash: stored.hash, ...size }, { x: 50, y: 50 });
    const files = fs.readdirSync(path.join(tmp, stored.hash)).filter((f) => f !== "master.jpg");
    // 1200 px tall: 16:9 files up to 2133 px wide, so every display width (5 × 3 formats), 3 JSON-LD images, OG.
    expect(files).toHaveLength(5 * 3 + 3 + 1);
    expect(
      files.every((f) => /-(p\d+\.(avif|webp|jpg)|16x9p\.jpg|4x3p\.jpg|1x1p\.jpg|ogp\.jpg)$/.test(f)),
    ).toBe(true);
  });
});

describe("shows and their images", () => {
  it("a bad upload is refused; a good one is used with its focal point; a broken one falls back to none", async () => {
    const database = createTestDb();
    const id = insertShow(database, { title: "T", date: "2030-01-01" }).id;
    const text = path.join(tmp, "not-an-image.jpg");
    fs.writeFileSync(text, "not an image at all, just text".repeat(4));
    const refused = await imageFromForm({ poster: { path: text }, imageUrl: null, current: null }, database);
    expect(refused).toMatchObject({ kind: "rejected", status: 400 });

    const jpeg = await halves(1800, 1200).jpeg().toBuffer();
    const result = await ingestBytes(jpeg, database, tmp);
    if (!result.ok) throw new Error(result.message);
    setShowImage(id, { source: "upload", hash: result.hash, focus: { x: 20, y: 30 } }, database);
    const row = database.select().from(events).get()!;
    expect(showImageRef(row, database)).toMatchObject({
      hash: result.hash,
      focus: { x: 20, y: 30 },
      maxWidth: 1800,
    });
    expect(isImageInUse(result.hash, { x: 20, y: 30 }, database)).toBe(true);
    expect(isImageInUse(result.hash, { x: 21, y: 30 }, database)).toBe(false);

    setShowImage(id, { hash: null, error: "The image link could not be loaded." }, database);
    expect(showImageRef(database.select().from(events).get()!, database)).toBeNull();
  });
});

describe("HEIC photos from phones", () => {
  // A real HEVC-coded HEIC (heif-enc + x265) stored as the sensor saw it, 1600×1200 landscape with
  // a red block in its stored top-left corner, plus an `irot` box "rotate to view" (the phone was
  // turned) and EXIF carrying a copyright string. See tests/fixtures/README.md.
  const heic = fs.readFileSync(path.join(__dirname, "../../fixtures/rotated-phone.heic"));

  it("is decoded with the rotation applied, EXIF dropped, and stored like any upload", async () => {
    expect(sniffImage(heic)).toBe("heic");
    const database = createTestDb();
    const id = database
      .insert(events)
      .values({ title: "T", date: "2030-01-01" })
      .returning({ id: events.id })
      .get().id;
    // What the form's upload does (imageFromForm → ingestBytes), into the test's own folder.
    const stored = await ingestBytes(heic, database, tmp);
    if (!stored.ok) throw new Error(stored.message);
    setShowImage(id, { source: "upload", hash: stored.hash, focus: { x: 50, y: 50 } }, database);
    // A portrait photo is shown whole (issue 42): its 16:9 files are as tall as the photo.
    expect(showImageRef(database.select().from(events).get()!, database)).toMatchObject({
      hash: stored.hash,
      maxWidth: Math.floor((1600 * 16) / 9),
      fit: "whole",
    });
    expect(fs.existsSync(path.join(tmp, stored.hash, "master.jpg"))).toBe(true);

    const processed = await processOriginal(heic);
    expect(processed.format).toBe("heic");
    const meta = await sharp(processed.master).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 1600]); // portrait, as the phone was held
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(processed.master.includes(Buffer.from("Secret Camera Owner"))).toBe(false);
    // The stored top-left corner is shown top-right after a quarter turn clockwise.
    const corner = async (left: number, top: number) =>
      meanColour(await sharp(processed.master).extract({ left, top, width: 100, height: 100 }).toBuffer());
    const topRight = await corner(1100, 0);
    const topLeft = await corner(0, 0);
    expect(topRight.r).toBeGreaterThan(200);
    expect(topRight.b).toBeLessThan(60);
    expect(topLeft.r).toBeLessThan(120);
    expect(topLeft.b).toBeGreaterThan(120);
  });

  it("produces the same variants, at the same sizes, as a JPEG of the same photo", async () => {
    const database = createTestDb();
    const jpeg = await halves(1200, 1600).jpeg().toBuffer();
    const focus = { x: 50, y: 30 };
    const sets: Record<string, { format?: string; width?: number; height?: number }>[] = [];
    for (const original of [heic, jpeg]) {
      const result = await ingestBytes(original, database, tmp);
      if (!result.ok) throw new Error(result.message);
      await produceAllVariants(tmp, { hash: result.hash, width: 1200, height: 1600 }, focus);
      const files = fs.readdirSync(path.join(tmp, result.hash)).filter((f) => f !== "master.jpg");
      const set: (typeof sets)[number] = {};
      for (const f of files) {
        const m = await sharp(path.join(tmp, result.hash, f)).metadata();
        set[f.replace(result.hash, "HASH")] = { format: m.format, width: m.width, height: m.height };
      }
      sets.push(set);
    }
    // A portrait photo is shown whole: 320…1280 × AVIF/WebP/JPEG, the 3 JSON-LD images, OG.
    expect(Object.keys(sets[0])).toHaveLength(5 * 3 + 3 + 1);
    expect(Object.keys(sets[0]).every((f) => /-(p\d+|16x9p|4x3p|1x1p|ogp)\./.test(f))).toBe(true);
    expect(sets[0]).toEqual(sets[1]);
  });

  it("a HEIC declaring more pixels than allowed is refused before any decoding", async () => {
    // The same file with its declared size (ispe) raised to 8064×6048 (a 48 MP "HEIF Max" photo).
    const big = Buffer.from(heic);
    const ispe = big.indexOf("ispe");
    big.writeUInt32BE(8064, ispe + 8);
    big.writeUInt32BE(6048, ispe + 12);
    const started = Date.now();
    await expect(processOriginal(big)).rejects.toMatchObject({
      kind: "too-large",
      message: expect.stringMatching(/too many pixels/),
    });
    expect(Date.now() - started).toBeLessThan(5000);
    // The decoder's own guard (the worker checks the parsed size before decoding pixels).
    await expect(decodeHeic(heic, 1_000_000)).rejects.toMatchObject({ kind: "too-large" });
  });

  it("a damaged HEIC gets a clear message, not a crash", async () => {
    const damaged = Buffer.concat([heic.subarray(0, 900), Buffer.alloc(2000, 0x41)]);
    await expect(processOriginal(damaged)).rejects.toMatchObject({
      kind: "unreadable",
      message: expect.stringMatching(/HEIC/),
    });
  });
});

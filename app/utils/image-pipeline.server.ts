/**
 * The show-image pipeline (sharp / libvips). An original (upload, pasted link, platform image)
 * is checked by its bytes, turned once into a master JPEG (orientation applied, EXIF and other
 * metadata stripped, at most 2560 px) stored under <data dir>/images/<hash>/, and every variant
 * the pages use is rendered from that master and kept on disk beside it.
 *
 * Memory: libvips works outside the JS heap, so RSS is what matters. One image job runs at a
 * time (a queue, bounded), libvips uses one thread and a small operation cache, and JPEG
 * originals are shrunk while they are decoded.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type sharpType from "sharp";
import { ACCEPTED_IMAGE_LABEL, sniffImage, type SniffedFormat } from "~/lib/image-sniff";
import {
  allVariants,
  cropBox,
  imageFit,
  LD_MIN_WIDTH,
  LD_RATIOS,
  maxDisplayWidth,
  OG_SIZE,
  variantFileName,
  type DisplayFormat,
  type Focus,
  type VariantName,
} from "~/lib/image-variants";
import { decodeHeic, HeicDecodeError } from "~/utils/heic-decode.server";

// libvips is loaded on the first image job, not at start: pages only read the database.
let sharpModule: Promise<typeof sharpType> | null = null;
function loadSharp() {
  sharpModule ??= import("sharp").then((m) => {
    const sharp = (m.default ?? m) as typeof sharpType;
    // A small machine (issue 38): one libvips thread, and no operation cache: each image is
    // read once, so cached pixels only kept the last job's memory after it finished.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

/** Largest original accepted (upload or link). */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** Decompression-bomb guard: ~60 megapixels (a 6000×4000 poster is 24). */
export const MAX_INPUT_PIXELS = 60_000_000;
/**
 * HEIC photos are decoded whole to RGBA in WebAssembly (no shrink-on-load as for JPEG): about
 * 12 bytes per pixel at the peak, so a 24 MP phone photo (5712×4284) costs ~290 MB for a moment.
 * 25 MP takes every default phone photo (12 MP, 24 MP) and keeps the server inside its VM.
 */
export const MAX_HEIC_PIXELS = 25_000_000;
/** The master's longest side: enough for a 1280 px 16:9 crop of a portrait poster, and 2x heroes. */
export const MASTER_MAX_SIDE = 2560;
/** Image jobs at once (each may hold a decoded image of up to ~100 MB outside the heap). */
const SLOTS = 1;
/** Jobs allowed to wait; beyond that the caller is told the server is busy. */
const MAX_WAITING = 64;

export class ImageError extends Error {
  constructor(
    message: string,
    public readonly kind: "not-image" | "unreadable" | "too-large" | "busy",
  ) {
    super(message);
    this.name = "ImageError";
  }
}

export type ProcessedImage = {
  hash: string;
  format: SniffedFormat;
  bytes: number;
  width: number;
  height: number;
  master: Buffer;
  placeholder: string;
};

// --- concurrency -----------------------------------------------------------------------------

type Queue = { active: number; waiting: (() => void)[] };
// The Remix build and scripts may both load this module: one queue per process.
const holder = globalThis as typeof globalThis & { __imageQueue?: Queue };
const queue = (holder.__imageQueue ??= { active: 0, waiting: [] });

/** Runs fn when an image slot is free (at most SLOTS jobs at once). */
export async function withImageSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (queue.active >= SLOTS) {
    if (queue.waiting.length >= MAX_WAITING)
      throw new ImageError("The image service is busy; try again shortly.", "busy");
    await new Promise<void>((resolve) => queue.waiting.push(resolve));
  } else {
    queue.active++;
  }
  try {
    return await fn();
  } finally {
    const next = queue.waiting.shift();
    if (next) next();
    else queue.active--;
  }
}

/** What staff read when a poster arrives while one is processed and another waits. */
export const POSTER_BUSY_MESSAGE = "Another poster is being processed; try again in a minute.";
/** Posters from the staff form at once: one processed, one waiting (issue 38: the 512 MB machine). */
const POSTERS_AT_ONCE = 2;
const posters = ((globalThis as typeof globalThis & { __posterJobs?: { n: number } }).__posterJobs ??= {
  n: 0,
});

/**
 * Runs a staff poster's job (an upload or a typed link) when fewer than POSTERS_AT_ONCE are under
 * way; otherwise refuses at once with POSTER_BUSY_MESSAGE (kind "busy"), before anything is
 * decoded or stored. Background jobs (variants, the sync's images) only queue for the slot.
 */
export async function withPosterTicket<T>(fn: () => Promise<T>): Promise<T> {
  if (posters.n >= POSTERS_AT_ONCE) throw new ImageError(POSTER_BUSY_MESSAGE, "busy");
  posters.n++;
  try {
    return await fn();
  } finally {
    posters.n--;
  }
}

// --- processing (pure: bytes in, bytes out) --------------------------------------------------

/** An original in memory (a fetched link) or in a file (an upload, streamed to disk). */
export type Original = Buffer | { path: string };

/** Size, first bytes and content hash of an original; a file is read as a stream, never whole. */
async function describeOriginal(original: Original) {
  if (Buffer.isBuffer(original)) {
    const hash = crypto.createHash("sha256").update(original).digest("hex").slice(0, 16);
    return { size: original.length, head: original.subarray(0, 64), hash };
  }
  const size = (await fs.promises.stat(original.path)).size;
  const sha = crypto.createHash("sha256");
  let head = Buffer.alloc(0);
  for await (const chunk of fs.createReadStream(original.path, { end: MAX_IMAGE_BYTES })) {
    if (head.length < 64) head = Buffer.concat([head, chunk as Buffer]).subarray(0, 64);
    sha.update(chunk as Buffer);
  }
  return { size, head, hash: sha.digest("hex").slice(0, 16) };
}

/** Checks an original by its content and makes the master and the placeholder. */
export async function processOriginal(original: Original): Promise<ProcessedImage> {
  const { size, head, hash } = await describeOriginal(original);
  if (size > MAX_IMAGE_BYTES) throw new ImageError("The image is larger than 15 MB.", "too-large");
  const format = sniffImage(head);
  if (!format) throw new ImageError(`That file is not an image (${ACCEPTED_IMAGE_LABEL}).`, "not-image");
  const sharp = await loadSharp();
  return withImageSlot(async () => {
    let master: { data: Buffer; info: sharpType.OutputInfo };
    try {
      // libvips reads a file itself (a JPEG shrunk while it is decoded); HEIC is decoded whole.
      const source = Buffer.isBuffer(original) ? original : original.path;
      const input =
        format === "heic"
          ? await heicInput(
              sharp,
              Buffer.isBuffer(original) ? original : await fs.promises.readFile(original.path),
            )
          : sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
      master = await input
        .rotate() // applies the EXIF orientation; the output carries no metadata
        .resize({ width: MASTER_MAX_SIDE, height: MASTER_MAX_SIDE, fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#111111" })
        .jpeg({ quality: 88, chromaSubsampling: "4:4:4" })
        .toBuffer({ resolveWithObject: true });
    } catch (error) {
      if (error instanceof ImageError) throw error;
      const message = (error as Error).message ?? "";
      if (/pixel limit/i.test(message))
        throw new ImageError("The image has too many pixels (at most 60 megapixels).", "too-large");
      if (format === "heic") {
        throw new ImageError(
          "This HEIC photo could not be read (damaged or an unsupported kind); save it as JPEG (or set the phone camera to Most Compatible) and upload again.",
          "unreadable",
        );
      }
      throw new ImageError(`The image could not be read (${format}, damaged or incomplete).`, "unreadable");
    }
    const placeholder = await makePlaceholder(master.data);
    return {
      hash,
      format,
      bytes: size,
      width: master.info.width,
      height: master.info.height,
      master: master.data,
      placeholder,
    };
  });
}

/**
 * A HEIC/HEIF original as sharp input: its declared size is read from the header (no pixels
 * decoded) and checked against MAX_HEIC_PIXELS, then the photo is decoded to raw RGBA with its
 * rotation applied (see heic-decode.server.ts). Raw pixels carry no EXIF.
 */
async function heicInput(sharp: typeof sharpType, bytes: Buffer) {
  const tooLarge = () =>
    new ImageError(
      `The HEIC photo has too many pixels (at most ${MAX_HEIC_PIXELS / 1_000_000} megapixels); save it as JPEG and upload again.`,
      "too-large",
    );
  const header = await sharp(bytes).metadata();
  if (!header.width || !header.height) throw new Error("no size in the HEIC header");
  if (header.width * header.height > MAX_HEIC_PIXELS) throw tooLarge();
  try {
    const raw = await decodeHeic(bytes, MAX_HEIC_PIXELS);
    return sharp(raw.data, {
      raw: { width: raw.width, height: raw.height, channels: 4 },
      limitInputPixels: MAX_INPUT_PIXELS,
    });
  } catch (error) {
    if (error instanceof HeicDecodeError && error.kind === "too-large") throw tooLarge();
    throw error;
  }
}

/** A ~16 px wide, slightly blurred WebP as a data: URL (a few hundred bytes). */
async function makePlaceholder(master: Buffer) {
  const sharp = await loadSharp();
  const tiny = await sharp(master)
    .resize({ width: 16, height: 16, fit: "inside" })
    .blur(0.6)
    .webp({ quality: 40 })
    .toBuffer();
  return `data:image/webp;base64,${tiny.toString("base64")}`;
}

/**
 * The whole image as tall as a width × height box, centred on a blurred, dimmed copy of itself
 * filling the box (issue 42: a portrait poster shown whole), ready to encode.
 */
async function wholeOnBackdrop(master: Buffer, width: number, height: number) {
  const sharp = await loadSharp();
  const [backdrop, poster] = await Promise.all([
    sharp(master)
      .resize(Math.max(8, Math.round(width / 8)), Math.max(8, Math.round(height / 8)), { fit: "cover" })
      .blur(3)
      .modulate({ brightness: 0.55 })
      .resize(width, height)
      .toBuffer(),
    sharp(master).resize({ width, height, fit: "inside" }).toBuffer({ resolveWithObject: true }),
  ]);
  return sharp(backdrop).composite([
    {
      input: poster.data,
      left: Math.round((width - poster.info.width) / 2),
      top: Math.round((height - poster.info.height) / 2),
    },
  ]);
}

/** A display file's encoding: AVIF, WebP or JPEG at the qualities images.md gives. */
function encodeDisplay(img: sharpType.Sharp, format: DisplayFormat) {
  if (format === "avif") return img.avif({ quality: 50, effort: 2 }).toBuffer();
  if (format === "webp") return img.webp({ quality: 72, effort: 4 }).toBuffer();
  return img.jpeg({ quality: 76, mozjpeg: true }).toBuffer();
}

/** Renders one variant from the master (width × height of the master given). */
export async function renderVariant(
  master: Buffer,
  size: { width: number; height: number },
  v: VariantName,
): Promise<Buffer> {
  const sharp = await loadSharp();
  const k = v.kind;
  const whole = "whole" in k && k.whole === true;
  if (k.type === "display") {
    const height = Math.round((k.width * 9) / 16);
    const img = whole
      ? await wholeOnBackdrop(master, k.width, height)
      : sharp(master)
          .extract(cropBox(size.width, size.height, 16, 9, v.focus))
          .resize(k.width, height);
    return encodeDisplay(img, k.format);
  }
  if (k.type === "square") {
    // A headshot (issue 42): the largest square around the focal point.
    const img = sharp(master)
      .extract(cropBox(size.width, size.height, 1, 1, v.focus))
      .resize(k.width, k.width);
    return encodeDisplay(img, k.format);
  }
  if (k.type === "preview")
    return sharp(master)
      .resize({ width: 640, withoutEnlargement: true })
      .jpeg({ quality: 75, mozjpeg: true })
      .toBuffer();
  const [rw, rh] = k.type === "og" ? [OG_SIZE.width, OG_SIZE.height] : LD_RATIOS[k.ratio];
  const width = k.type === "og" ? OG_SIZE.width : LD_MIN_WIDTH;
  const height = Math.round((width * rh) / rw);
  const img = whole
    ? await wholeOnBackdrop(master, width, height)
    : sharp(master)
        .extract(cropBox(size.width, size.height, rw, rh, v.focus))
        .resize(width, height);
  return img.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

// --- storage ---------------------------------------------------------------------------------

/** <dir of DATABASE_PATH>/images: beside the SQLite file, so backups and the volume cover it. */
export function imagesDir(databasePath: string) {
  const base = databasePath === ":memory:" ? path.resolve("data") : path.dirname(path.resolve(databasePath));
  return path.join(base, "images");
}

export function masterPath(dir: string, hash: string) {
  return path.join(dir, hash, "master.jpg");
}

export function variantPath(dir: string, v: VariantName) {
  return path.join(dir, v.hash, variantFileName(v));
}

// Issue 38: the poster uploader (app/services/offsite.server.ts) wants to hear of each new master.
// On globalThis: the server bundle starts the uploader, the Remix build's copy writes masters.
const masterHook = globalThis as typeof globalThis & { __laughMasterStored?: () => void };

export function onMasterStored(listener: (() => void) | undefined) {
  masterHook.__laughMasterStored = listener;
}

export function masterStored() {
  masterHook.__laughMasterStored?.();
}

export function writeAtomic(file: string, data: Buffer) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
}

/** Renders (once) and stores a variant; answers its path. Runs in an image slot. */
export async function ensureVariantFile(
  dir: string,
  size: { width: number; height: number },
  v: VariantName,
) {
  const file = variantPath(dir, v);
  if (fs.existsSync(file)) return file;
  return withImageSlot(async () => {
    if (fs.existsSync(file)) return file;
    const master = await fs.promises.readFile(masterPath(dir, v.hash));
    writeAtomic(file, await renderVariant(master, size, v));
    return file;
  });
}

/** Renders every variant of one image and focal point (after a save, in the background, and in the bench). */
export async function produceAllVariants(
  dir: string,
  image: { hash: string; width: number; height: number },
  focus: Focus,
) {
  const maxWidth = maxDisplayWidth(image.width, image.height, focus);
  const fit = imageFit(image.width, image.height);
  await produceVariants(dir, image, allVariants({ hash: image.hash, focus, maxWidth, fit }));
}

/** Renders these variants of one image, one after another (each in an image slot). */
export async function produceVariants(
  dir: string,
  image: { width: number; height: number },
  variants: VariantName[],
) {
  for (const v of variants) await ensureVariantFile(dir, image, v);
}

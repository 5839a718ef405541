/**
 * Realistic show posters for the demo data and the benchmark: JPEG photographs-to-be of
 * 2,000–6,000 px (the ticketing platform's originals are up to 6000×4000), made here with
 * sharp from an SVG (gradients, a spotlight, silhouettes, the show's title) over film grain,
 * so they weigh what camera files weigh. Nothing is downloaded. Made once, cached in
 * .cache/posters/ (git-ignored); delete the folder to make them again.
 */
import fs from "node:fs";
import path from "node:path";
import { and, isNull } from "drizzle-orm";
import sharp from "sharp";
import { events } from "~/db/schema";
import { DEFAULT_FOCUS } from "~/lib/image-variants";
import { getImageRow, ingestBytes, setShowImage } from "~/models/show-images.server";
import type { DB } from "~/utils/db.server";
import { produceAllVariants } from "~/utils/image-pipeline.server";

export const POSTER_DIR = path.resolve(".cache/posters");

export type Poster = { file: string; width: number; height: number; bytes: number; title: string };

type Spec = { width: number; height: number; title: string; hue: number; faceX: number };

/** The bench's upload test: one camera-sized landscape original (the platform allows 6000×4000). */
export const BIG_POSTER: Spec = {
  width: 6000,
  height: 4000,
  title: "Friday Night Laughs",
  hue: 12,
  faceX: 0.72,
};

/**
 * The shapes real posters come in (issue 42: most comedy posters are portrait): 2:3 and A-series
 * portraits, a square social-media poster, and 3:2 landscapes. Demo shows named here get theirs
 * (the screenshots' portrait show is the Friday headliner); any other title gets one by its hash.
 */
const SHAPES = [
  [2400, 3600],
  [3000, 2000],
  [2480, 3508],
  [2000, 2000],
  [3600, 2400],
] as const;
const SHAPE_OF: Record<string, (typeof SHAPES)[number]> = {
  "Headliner Friday: Club Special": [2400, 3600],
  "Tuesday Night Stand-Up at Tipsy Toucan": [3000, 2000],
  "Game On! Comedy Game Show with host Danny Vega": [2480, 3508],
  "Sip & Giggle at the Winery": [2000, 2000],
  "Laughs on the Waterfront": [3600, 2400],
};

function hashOf(text: string) {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** The poster of a show: its own title, a shape and colours of its own (the same title, the same poster). */
export function posterSpec(title: string): Spec {
  const h = hashOf(title);
  const [width, height] = SHAPE_OF[title] ?? SHAPES[h % SHAPES.length];
  return { width, height, title, hue: h % 360, faceX: [0.3, 0.5, 0.62, 0.72][(h >> 9) % 4] };
}

/** The title in lines of at most `max` characters (words kept whole). */
function titleLines(title: string, max: number) {
  const lines: string[] = [];
  for (const word of title.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Drawn at a third of the size and enlarged (gradients and shapes survive; 9x less drawing). */
const DRAW_SCALE = 3;

function svg(spec: Spec) {
  const { width: w, height: h, hue, faceX } = spec;
  const s = Math.min(w, h);
  const faces = [faceX, faceX - 0.18, faceX + 0.17]
    .filter((x) => x > 0.08 && x < 0.92)
    .map((x, i) => {
      const cx = Math.round(x * w);
      const r = Math.round(s * (i === 0 ? 0.11 : 0.08));
      const cy = Math.round(h * 0.48 + (i === 0 ? 0 : r * 0.6));
      return `<ellipse cx="${cx}" cy="${cy + r * 3.1}" rx="${Math.round(r * 1.9)}" ry="${Math.round(r * 2.2)}" fill="hsl(${hue + 180},25%,${18 + i * 6}%)"/>
        <circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${hue + 20},45%,${62 - i * 8}%)"/>
        <circle cx="${cx - r * 0.35}" cy="${cy - r * 0.1}" r="${r * 0.09}" fill="#1b1b1b"/><circle cx="${cx + r * 0.35}" cy="${cy - r * 0.1}" r="${r * 0.09}" fill="#1b1b1b"/>
        <path d="M ${cx - r * 0.4} ${cy + r * 0.35} Q ${cx} ${cy + r * 0.75} ${cx + r * 0.4} ${cy + r * 0.35}" stroke="#1b1b1b" stroke-width="${r * 0.08}" fill="none"/>`;
    })
    .join("");
  // A landscape poster is cropped to 16:9 and on a phone's card to 2:1 (its middle 75 %): its
  // designer keeps the title and the strap line inside that, as real landscape artwork does.
  const top = w < h ? 0.05 : 0.16;
  const escape = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const lines = titleLines(spec.title, w < h ? 14 : 22);
  const size = Math.min(s * 0.1, (w * 0.9) / (Math.max(...lines.map((l) => l.length)) * 0.62));
  const title = lines
    .map((l, i) => `<tspan x="${w * 0.05}" dy="${i === 0 ? 0 : size * 1.1}">${escape(l)}</tspan>`)
    .join("");
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(w / DRAW_SCALE)}" height="${Math.round(h / DRAW_SCALE)}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,22%)"/><stop offset="1" stop-color="hsl(${hue + 60},60%,8%)"/></linearGradient>
    <radialGradient id="spot" cx="${faceX}" cy="0.35" r="0.55"><stop offset="0" stop-color="hsl(${hue + 30},100%,85%)" stop-opacity="0.85"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${Array.from({ length: 14 }, (_, i) => `<circle cx="${(((i * 7919) % 97) / 97) * w}" cy="${(((i * 104729) % 89) / 89) * h}" r="${s * (0.03 + (i % 5) * 0.02)}" fill="hsl(${hue + i * 23},80%,60%)" opacity="0.18"/>`).join("")}
  <rect width="${w}" height="${h}" fill="url(#spot)"/>
  ${faces}
  <rect y="${h * 0.74}" width="${w}" height="${h * 0.26}" fill="#000" opacity="0.55"/>
  <text x="${w * 0.05}" y="${h * top + size}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${size}" fill="#fff">${title}</text>
  <text x="${w * 0.05}" y="${h * (w < h ? 0.9 : 0.82)}" font-family="DejaVu Sans, sans-serif" font-size="${Math.min(s * 0.045, w / 30)}" fill="#ffd35a">LAUGH WINDSOR · LIVE STAND-UP · WINDSOR, ONTARIO</text>
</svg>`);
}

/**
 * Film grain added to the raw pixels (photographs never compress like flat art): a table of
 * roughly Gaussian values walked by a cheap generator, ~0.3 s for 24 megapixels.
 */
function addGrain(data: Buffer, seed: number) {
  const table = new Int8Array(65536);
  let x = (seed * 2654435761) >>> 0;
  const next = () => (x = (x * 1664525 + 1013904223) >>> 0) / 4294967296;
  for (let i = 0; i < table.length; i++) table[i] = Math.round((next() + next() + next() - 1.5) * 40);
  let j = seed;
  for (let i = 0; i < data.length; i++) {
    j = (j * 1103515245 + 12345) & 0xffff;
    const v = data[i] + table[j];
    data[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
}

/** Makes (once; cached by title and size) the poster of `spec`. */
export async function generatePoster(spec: Spec, dir = POSTER_DIR): Promise<Poster> {
  fs.mkdirSync(dir, { recursive: true });
  const slug = spec.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  const file = path.join(dir, `${slug}-${spec.width}x${spec.height}-v2.jpg`);
  if (!fs.existsSync(file)) {
    const { data: pixels, info } = await sharp(svg(spec))
      .resize(spec.width, spec.height)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    addGrain(pixels, hashOf(spec.title) % 1000);
    const data = await sharp(pixels, { raw: info }).jpeg({ quality: 90 }).toBuffer();
    fs.writeFileSync(`${file}.tmp`, data);
    fs.renameSync(`${file}.tmp`, file);
  }
  return { file, width: spec.width, height: spec.height, bytes: fs.statSync(file).size, title: spec.title };
}

/**
 * Gives every active show of `database` a poster with its own title (issue 42: a poster that names
 * another show confuses a visitor), through the real image pipeline (the same as a staff upload),
 * its variants rendered into `store` (the images folder beside the database). Shows sharing a
 * title share the poster. Used by `npm run posters` (the demo), `npm run screenshots` with
 * SHOTS_POSTERS, and the image and weight benches.
 */
export async function givePosters(database: DB, store: string) {
  const shows = database
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(and(isNull(events.archivedAt)))
    .all();
  const byTitle = new Map<string, { hash: string; poster: Poster }>();
  for (const show of shows) {
    let given = byTitle.get(show.title);
    if (!given) {
      const poster = await generatePoster(posterSpec(show.title));
      const result = await ingestBytes(fs.readFileSync(poster.file), database, store);
      if (!result.ok) throw new Error(`${poster.file}: ${result.message}`);
      await produceAllVariants(store, getImageRow(result.hash, database)!, DEFAULT_FOCUS);
      given = { hash: result.hash, poster };
      byTitle.set(show.title, given);
    }
    setShowImage(show.id, { source: "upload", hash: given.hash, focus: DEFAULT_FOCUS }, database);
  }
  return { shows: shows.length, posters: [...byTitle.values()].map((g) => g.poster) };
}

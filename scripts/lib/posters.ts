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

/** The 6000×4000 one first (the benchmark's "one big poster"). */
const SPECS: { width: number; height: number; title: string; hue: number; faceX: number }[] = [
  { width: 6000, height: 4000, title: "Friday Night Laughs", hue: 12, faceX: 0.72 },
  { width: 4000, height: 6000, title: "Headliner Special", hue: 280, faceX: 0.5 },
  { width: 5000, height: 3333, title: "Comedy at the Winery", hue: 330, faceX: 0.3 },
  { width: 3000, height: 2000, title: "Open Mic Madness", hue: 200, faceX: 0.62 },
  { width: 2400, height: 3600, title: "Epic Dads", hue: 40, faceX: 0.45 },
  { width: 4500, height: 3000, title: "2 Minutes to Kill", hue: 150, faceX: 0.25 },
  { width: 2000, height: 2000, title: "Patio Comedy", hue: 95, faceX: 0.55 },
  { width: 3600, height: 2400, title: "Distillery Stand-Up", hue: 20, faceX: 0.8 },
];

/** Drawn at a third of the size and enlarged (gradients and shapes survive; 9x less drawing). */
const DRAW_SCALE = 3;

function svg(spec: (typeof SPECS)[number]) {
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
  const title = spec.title.replace(/&/g, "&amp;");
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(w / DRAW_SCALE)}" height="${Math.round(h / DRAW_SCALE)}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,22%)"/><stop offset="1" stop-color="hsl(${hue + 60},60%,8%)"/></linearGradient>
    <radialGradient id="spot" cx="${faceX}" cy="0.35" r="0.55"><stop offset="0" stop-color="hsl(${hue + 30},100%,85%)" stop-opacity="0.85"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${Array.from({ length: 14 }, (_, i) => `<circle cx="${(((i * 7919) % 97) / 97) * w}" cy="${(((i * 104729) % 89) / 89) * h}" r="${s * (0.03 + (i % 5) * 0.02)}" fill="hsl(${hue + i * 23},80%,60%)" opacity="0.18"/>`).join("")}
  <rect width="${w}" height="${h}" fill="url(#spot)"/>
  ${faces}
  <rect y="${h * 0.8}" width="${w}" height="${h * 0.2}" fill="#000" opacity="0.55"/>
  <text x="${w * 0.05}" y="${h * 0.16}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${s * 0.1}" fill="#fff">${title}</text>
  <text x="${w * 0.05}" y="${h * 0.9}" font-family="DejaVu Sans, sans-serif" font-size="${s * 0.045}" fill="#ffd35a">LAUGH WINDSOR · LIVE STAND-UP · WINDSOR, ONTARIO</text>
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

export async function generatePosters(dir = POSTER_DIR): Promise<Poster[]> {
  fs.mkdirSync(dir, { recursive: true });
  const out: Poster[] = [];
  for (const [i, spec] of SPECS.entries()) {
    const file = path.join(dir, `poster-${i + 1}-${spec.width}x${spec.height}.jpg`);
    if (!fs.existsSync(file)) {
      const { data: pixels, info } = await sharp(svg(spec))
        .resize(spec.width, spec.height)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      addGrain(pixels, i + 1);
      const data = await sharp(pixels, { raw: info }).jpeg({ quality: 90 }).toBuffer();
      fs.writeFileSync(`${file}.tmp`, data);
      fs.renameSync(`${file}.tmp`, file);
    }
    out.push({
      file,
      width: spec.width,
      height: spec.height,
      bytes: fs.statSync(file).size,
      title: spec.title,
    });
  }
  return out;
}

/**
 * Gives every active show of `database` one of `posters` through the real image pipeline (the
 * same as a staff upload), its variants rendered into `store` (the images folder beside the
 * database). Used by `npm run posters` (the demo) and `npm run screenshots` with SHOTS_POSTERS.
 */
export async function givePosters(database: DB, store: string, posters: Poster[]) {
  const hashes: string[] = [];
  for (const p of posters) {
    const result = await ingestBytes(fs.readFileSync(p.file), database, store);
    if (!result.ok) throw new Error(`${p.file}: ${result.message}`);
    hashes.push(result.hash);
    await produceAllVariants(store, getImageRow(result.hash, database)!, DEFAULT_FOCUS);
  }
  const shows = database
    .select({ id: events.id })
    .from(events)
    .where(and(isNull(events.archivedAt)))
    .all();
  shows.forEach((s, i) =>
    setShowImage(s.id, { source: "upload", hash: hashes[i % hashes.length], focus: DEFAULT_FOCUS }, database),
  );
  return { shows: shows.length, distinct: hashes.length };
}

/**
 * Demo headshots (issue 42): DRAWINGS, not photographs of anyone. Each is a flat-colour
 * silhouette of a head and shoulders with the comic's initials, drawn as SVG and rendered to a
 * PNG by sharp here, then taken through the real image pipeline (the same as a staff upload).
 * The demo comedians are fictional; no photo of a real person is used or downloaded.
 */
import { and, eq, isNull, ne } from "drizzle-orm";
import sharp from "sharp";
import { comedians } from "~/db/schema";
import { initials, headshotVariants } from "~/lib/headshots";
import { headshotRef } from "~/models/headshots.server";
import { getImageRow, ingestBytes } from "~/models/show-images.server";
import type { DB } from "~/utils/db.server";
import { produceVariants } from "~/utils/image-pipeline.server";

/** The demo comic left without a headshot, so the demo shows the initials placeholder too. */
export const DEMO_WITHOUT_HEADSHOT = "Jade Thompson";

function hueOf(text: string) {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h % 360;
}

/**
 * A 600×800 portrait drawing: the head in the upper third (where a headshot's default focal
 * point looks), the initials on the shirt and "ILLUSTRATION" small, both inside the square the
 * default focal point keeps (the top 600 px).
 */
export function headshotSvg(name: string) {
  const hue = hueOf(name);
  const letters = initials(name).replace(/[<>&"']/g, "");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="hsl(${hue},55%,62%)"/><stop offset="1" stop-color="hsl(${hue},50%,38%)"/>
  </linearGradient></defs>
  <rect width="600" height="800" fill="url(#bg)"/>
  <circle cx="300" cy="205" r="225" fill="hsl(${hue},60%,72%)" opacity="0.35"/>
  <ellipse cx="300" cy="230" rx="105" ry="125" fill="hsl(${(hue + 180) % 360},22%,18%)"/>
  <rect x="262" y="330" width="76" height="120" fill="hsl(${(hue + 180) % 360},22%,18%)"/>
  <path d="M40 800 C40 560 150 430 300 430 C450 430 560 560 560 800 Z" fill="hsl(${(hue + 180) % 360},22%,18%)"/>
  <text x="300" y="565" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="110" fill="hsl(${hue},70%,85%)">${letters}</text>
  <text x="585" y="590" text-anchor="end" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" fill="#ffffff" opacity="0.7">ILLUSTRATION</text>
</svg>`;
}

/** The drawing as a PNG (what a staff member would upload). */
export function drawnHeadshot(name: string) {
  return sharp(Buffer.from(headshotSvg(name)))
    .png()
    .toBuffer();
}

/**
 * Gives comedians without a headshot a drawn one through the image pipeline and renders its
 * squares (all of them, or the names given; `render: false` leaves that to /img), except
 * DEMO_WITHOUT_HEADSHOT.
 */
export async function giveHeadshots(
  database: DB,
  store: string,
  only?: readonly string[],
  { render = true }: { render?: boolean } = {},
) {
  const rows = database
    .select()
    .from(comedians)
    .where(
      and(
        isNull(comedians.deletedAt),
        isNull(comedians.photoHash),
        ne(comedians.name, DEMO_WITHOUT_HEADSHOT),
      ),
    )
    .all()
    .filter((c) => !only || only.includes(c.name));
  for (const c of rows) {
    const result = await ingestBytes(await drawnHeadshot(c.name), database, store);
    if (!result.ok) throw new Error(`${c.name}: ${result.message}`);
    database
      .update(comedians)
      .set({ photoHash: result.hash, photoFocus: null })
      .where(eq(comedians.id, c.id))
      .run();
    if (!render) continue; // /img renders a square on its first request
    const ref = headshotRef({ photoHash: result.hash, photoFocus: null }, database)!;
    await produceVariants(store, getImageRow(result.hash, database)!, headshotVariants(ref));
  }
  return rows.length;
}

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { comedians } from "~/db/schema";
import { headshotVariants } from "~/lib/headshots";
import { comedianPage } from "~/models/comedian-pages.server";
import { saveComedianProfile } from "~/models/comedian-profiles.server";
import { headshotRef, isHeadshotInUse } from "~/models/headshots.server";
import { ingestBytes } from "~/models/show-images.server";
import { ingestPendingPhotoLinks } from "~/services/image-links.server";
import { renderVariant } from "~/utils/image-pipeline.server";
import { comedianProfile } from "../../support/comedians";
import { createTestDbWithStaff } from "../../support/db";

/** Issue 42 (item 6): a comedian's headshot kept through the profile's transaction. */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "headshots-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const profile = comedianProfile;

/** A 600×1200 portrait: red top third (the face), blue below. */
function portrait() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="1200"><rect width="600" height="400" fill="#ff0000"/><rect y="400" width="600" height="800" fill="#0000ff"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

async function stored(database: ReturnType<typeof createTestDbWithStaff>["db"]) {
  const result = await ingestBytes(await portrait(), database, tmp);
  if (!result.ok) throw new Error(result.message);
  return result.hash;
}

describe("a comedian's headshot", () => {
  it("is saved with the profile, shown at the face's default point, replaced, refocused and removed", async () => {
    const { db, staff } = createTestDbWithStaff();
    const hash = await stored(db);
    const row = saveComedianProfile(null, profile("Ann Lee"), staff, db, { hash })!;
    expect(row).toMatchObject({ photoHash: hash, photoFocus: null });
    expect(headshotRef(row, db)).toEqual({
      hash,
      focus: { x: 50, y: 30 },
      side: 600,
      placeholder: expect.stringMatching(/^data:image\/webp;base64,/),
    });
    // The public page gets it; /img renders only this image's squares at this point.
    expect(comedianPage("ann-lee", "2026-11-27", db)!.comedian.headshot?.hash).toBe(hash);
    expect(isHeadshotInUse(hash, { x: 50, y: 30 }, db)).toBe(true);
    expect(isHeadshotInUse(hash, null, db)).toBe(true);
    expect(isHeadshotInUse(hash, { x: 50, y: 50 }, db)).toBe(false);

    // Saving the form again without a file keeps the photo; a focal point moves it.
    const refocused = saveComedianProfile(
      row.id,
      profile("Ann Lee", { photoFocus: { x: 40, y: 20 } }),
      staff,
      db,
    )!;
    expect(refocused).toMatchObject({ photoHash: hash, photoFocus: "40,20" });
    expect(isHeadshotInUse(hash, { x: 40, y: 20 }, db)).toBe(true);
    expect(isHeadshotInUse(hash, { x: 50, y: 30 }, db)).toBe(false);

    // Remove photo: no headshot, initials on the page, no square served any more.
    const removed = saveComedianProfile(row.id, profile("Ann Lee", { removePhoto: true }), staff, db, {
      hash,
    })!;
    expect(removed).toMatchObject({ photoHash: null, photoFocus: null, photoUrl: null });
    expect(headshotRef(removed, db)).toBeNull();
    expect(comedianPage("ann-lee", "2026-11-27", db)!.comedian.headshot).toBeNull();
    expect(isHeadshotInUse(hash, null, db)).toBe(false);
  });

  it("a new headshot replaces an old photo link (the link is never shown)", async () => {
    const { db, staff } = createTestDbWithStaff();
    const row = saveComedianProfile(null, profile("Bo Diaz"), staff, db)!;
    db.update(comedians)
      .set({ photoUrl: "https://example.com/bo.jpg" })
      .where(eq(comedians.id, row.id))
      .run();
    expect(comedianPage("bo-diaz", "2026-11-27", db)!.comedian.headshot).toBeNull();
    const hash = await stored(db);
    expect(saveComedianProfile(row.id, profile("Bo Diaz"), staff, db, { hash })).toMatchObject({
      photoHash: hash,
      photoUrl: null,
    });
  });

  it("a deleted comedian's headshot is not served", async () => {
    const { db, staff } = createTestDbWithStaff();
    const hash = await stored(db);
    const row = saveComedianProfile(null, profile("Cy Fox"), staff, db, { hash })!;
    db.update(comedians).set({ deletedAt: new Date() }).where(eq(comedians.id, row.id)).run();
    expect(isHeadshotInUse(hash, null, db)).toBe(false);
  });

  it("the square at the default point keeps the face (the top third), the centre would not", async () => {
    const master = await portrait();
    const mean = async (focus: { x: number; y: number }) => {
      const [v] = headshotVariants({ hash: "0123456789abcdef", focus, side: 600 });
      const file = await renderVariant(
        master,
        { width: 600, height: 1200 },
        { ...v, kind: { type: "square", width: 96, format: "jpg" } },
      );
      const meta = await sharp(file).metadata();
      expect([meta.width, meta.height]).toEqual([96, 96]);
      const { channels } = await sharp(file).stats();
      return { red: channels[0].mean, blue: channels[2].mean };
    };
    const face = await mean({ x: 50, y: 30 });
    const centre = await mean({ x: 50, y: 50 });
    expect(face.red).toBeGreaterThan(face.blue);
    expect(centre.red).toBeLessThan(centre.blue);
  });

  it("old photo links are processed once into headshots and cleared; a link outside the site's files is dropped", async () => {
    const { db, staff } = createTestDbWithStaff();
    const ids = ["Site Path", "Outside", "Missing"].map(
      (n) => saveComedianProfile(null, profile(n), staff, db)!.id,
    );
    const links = ["/images/stock-show.jpg", "/../package.json", "/images/no-such-photo.jpg"];
    ids.forEach((id, i) =>
      db.update(comedians).set({ photoUrl: links[i] }).where(eq(comedians.id, id)).run(),
    );
    expect(await ingestPendingPhotoLinks(20, db)).toEqual({ tried: 3, processed: 1 });
    const rows = ids.map((id) => db.select().from(comedians).where(eq(comedians.id, id)).get()!);
    expect(rows[0]).toMatchObject({ photoUrl: null, photoHash: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(rows[1]).toMatchObject({ photoUrl: null, photoHash: null });
    expect(rows[2]).toMatchObject({ photoUrl: null, photoHash: null });
    // Done once: nothing is pending any more.
    expect(await ingestPendingPhotoLinks(20, db)).toEqual({ tried: 0, processed: 0 });
  });
});

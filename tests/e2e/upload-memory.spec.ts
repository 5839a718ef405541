import fs from "node:fs";
import { like } from "drizzle-orm";
import { events } from "~/db/schema";
import { openDatabase } from "~/utils/db.server";
import { tempDatabase } from "../support/db";
import { LOAD_ENV, staffOf } from "../support/env";
import { startLoadServer, stopServer } from "../support/server";
import { bigPosters, uploadAtOnce } from "../support/upload-memory";
import { expect, test } from "./fixtures";

// Server-process behaviour, not a page: run once, in the "js" project.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "process test runs once");
test.describe.configure({ timeout: 180_000 });

const BUSY = "Another poster is being processed; try again in a minute.";

test("ten 6000×4000 posters uploaded at once keep the server under 400 MB; beyond one waiting upload staff get a clear 503 and nothing is stored", async () => {
  const posters = await bigPosters(10);
  const { dir, file } = tempDatabase("upload-memory", () => null);
  const server = await startLoadServer(file, dir);
  try {
    const run = await uploadAtOnce(server, posters, staffOf(LOAD_ENV));
    const accepted = run.outcomes.filter((o) => o.status === 302);
    const busy = run.outcomes.filter((o) => o.status === 503);
    const figures =
      `10 uploads of ${(posters[0].length / 1e6).toFixed(1)} MB at once: ${accepted.length} accepted, ${busy.length} told to try again; ` +
      `RSS idle ${run.idle.toFixed(0)} MB, peak ${run.peak.toFixed(0)} MB, 20 s after the answers ${run.after.toFixed(0)} MB; answered in ${run.answeredMs} ms`;
    console.log(figures);
    test.info().annotations.push({ type: "memory", description: figures });

    expect(run.peak).toBeLessThan(400);
    expect(accepted.length + busy.length, run.outcomes.map((o) => `${o.status}`).join(",")).toBe(10);
    // One processed and one waiting at least; the rest refused with the message, on the form.
    expect(accepted.length).toBeGreaterThanOrEqual(2);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const o of busy) expect(o.body).toContain(BUSY);
    // Nothing stored for a refused upload; every accepted one is a show with its image.
    const database = openDatabase(file);
    const stored = database.select().from(events).where(like(events.title, "Upload Memory Night %")).all();
    database.$client.close();
    expect(stored.map((e) => e.title).sort()).toEqual(accepted.map((o) => o.title).sort());
    for (const show of stored) expect(show.imageHash).toBeTruthy();
    // Back near idle once the work is done (libvips' memory and the upload buffers handed back).
    expect(run.after).toBeLessThan(run.idle + 100);
  } finally {
    await stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

import { showSlug } from "~/lib/slug";
import { imagesDir } from "~/utils/image-pipeline.server";
import { giveHeadshots } from "../../scripts/seeds/headshots";
import { countFirstVisit, inlineScriptBrotli, servedBytes, WEIGHT_TARGET } from "../support/page-weight";
import { seededShow } from "../support/shows";
import { expect, test } from "./fixtures";

/**
 * Issue 42, item 9 (GUIDE.md's target): a first visit of a show page, poster and line-up headshots included, makes at
 * most 15 requests and fetches at most 75 KB of JavaScript (brotli). The show pages load no Remix
 * runtime (app/lib/page-runtime.ts): their enhancements are one inline script. The same count
 * as `npm run bench` (tests/support/page-weight.ts), on the browser tests' server.
 */
test("a first visit of a show page: at most 15 requests and 75 KB of JavaScript @once", async ({
  browser,
  db,
  baseURL,
  javaScriptOn,
}) => {
  // Issue 42: the line-ups show headshots (small, lazy, below the fold): the demo's drawings.
  await giveHeadshots(db, imagesDir(process.env.E2E_DATABASE_PATH!), undefined, { render: false });
  const pages = [
    `/event/${seededShow(db, "Tuesday Night Stand-Up at Tipsy Toucan").id}`,
    `/show/${showSlug(seededShow(db, "Laughs on the Waterfront"))}`,
    `/show/${showSlug(seededShow(db, "Sip & Giggle at the Winery"))}`,
    `/event/${seededShow(db, "Game On! Comedy Game Show with host Danny Vega").id}`,
  ];
  for (const path of pages) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: javaScriptOn,
    });
    const visit = await countFirstVisit(await context.newPage(), baseURL + path);
    await context.close();
    let js = inlineScriptBrotli((await servedBytes(baseURL + path, "br")).body.toString("utf8"));
    for (const url of visit.scriptUrls) js += (await servedBytes(url, "br")).bytes;
    expect(visit.requests, `${path}: ${JSON.stringify(visit.byKind)}`).toBeLessThanOrEqual(
      WEIGHT_TARGET.requests,
    );
    expect(visit.byKind.image ?? 0, `${path} shows its poster`).toBeGreaterThanOrEqual(1);
    expect(js, `${path}: ${visit.scriptUrls.join(", ")}`).toBeLessThanOrEqual(WEIGHT_TARGET.jsBrotliBytes);
    // What the page does with JavaScript is its own inline script, not the runtime.
    expect(visit.scriptUrls, path).toEqual([]);
    console.log(`${path}: ${visit.requests} requests ${JSON.stringify(visit.byKind)}, ${js} B JS (brotli)`);
  }
});

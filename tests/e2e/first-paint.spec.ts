import { showSlug } from "~/lib/slug";
import { seededShow } from "../support/shows";
import { expect, test } from "./fixtures";

/**
 * What a phone must fetch before it can paint a public page (issue 16, Lighthouse on a
 * throttled phone): one stylesheet of the page besides the site's own, and Remix's module
 * preloads at low priority (Chrome fetches `modulepreload` at High priority otherwise, ahead
 * of the hero image). The scripts still load: with JavaScript on, the page hydrates.
 */
test("public pages link two stylesheets and preload their scripts at low priority", async ({
  page,
  db,
  request,
  javaScriptOn,
}) => {
  const show = seededShow(db, "Laughs on the Waterfront");
  for (const path of ["/", "/calendar", `/event/${show.id}`, `/show/${showSlug(show)}`, "/vote"]) {
    const html = await (await request.get(path)).text();
    const stylesheets = html.match(/<link[^>]*rel="stylesheet"[^>]*>/g) ?? [];
    expect(stylesheets, path).toHaveLength(2);
    const preloads = html.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length, path).toBeGreaterThan(3);
    expect(
      preloads.filter((p) => !p.includes('fetchpriority="low"')),
      path,
    ).toEqual([]);
  }
  if (javaScriptOn) {
    await page.goto(`/event/${show.id}`);
    await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
  }
});

import { showSlug } from "~/lib/slug";
import { seededShow } from "../support/shows";
import { expect, test } from "./fixtures";

/**
 * What a phone must fetch before it can paint a public page (issue 16, Lighthouse on a
 * throttled phone): one stylesheet of the page besides the site's own, and no script at all:
 * Remix's module preloads and module script are held back in the HTML and started after the
 * page has loaded and painted. With JavaScript on, the page still hydrates. Staff pages keep
 * their scripts at once, with the preloads at low priority.
 */
test("public pages link two stylesheets and fetch their scripts only after the first paint", async ({
  page,
  db,
  request,
  javaScriptOn,
  signIn,
}) => {
  const show = seededShow(db, "Laughs on the Waterfront");
  for (const path of ["/", "/calendar", `/event/${show.id}`, `/show/${showSlug(show)}`, "/vote"]) {
    const html = await (await request.get(path)).text();
    const stylesheets = html.match(/<link[^>]*rel="stylesheet"[^>]*>/g) ?? [];
    expect(stylesheets, path).toHaveLength(2);
    expect(html.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? [], path).toEqual([]);
    expect(html.match(/<script[^>]*type="module"/g) ?? [], path).toEqual([]);
    expect(html, path).toContain('id="remix-modules"');
  }
  if (!javaScriptOn) return;

  await page.goto(`/event/${show.id}`);
  await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const scripts = performance
      .getEntriesByType("resource")
      .filter((e) => new URL(e.name).pathname.endsWith(".js"))
      .map((e) => e.startTime);
    return { loaded: navigation.loadEventStart, scripts };
  });
  expect(timing.scripts.length).toBeGreaterThan(3);
  for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.loaded);

  // The staff side is used at a desk: its scripts start at once, preloaded at low priority.
  // (As the server sends it: once hydrated, Remix drops the preload links from the page.)
  await signIn("/admin");
  const staffHtml = await (await page.request.get("/admin")).text();
  const preloads = staffHtml.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? [];
  expect(preloads.length).toBeGreaterThan(3);
  expect(preloads.filter((p) => !p.includes('fetchpriority="low"'))).toEqual([]);
});

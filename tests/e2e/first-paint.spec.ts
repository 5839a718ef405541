import { showSlug } from "~/lib/slug";
import { seededShow } from "../support/shows";
import { expect, test } from "./fixtures";

/**
 * What a phone must fetch before it can paint a public page (issue 16, Lighthouse on a
 * throttled phone): on the pages that list shows one stylesheet that holds the site's own styles
 * (issue 42: a second render-blocking request costs a phone a connection of its own), on the
 * others one of the page besides the site's own; and no script at all:
 * Remix's module preloads and module script are held back in the HTML and started after the
 * page has loaded and painted. With JavaScript on, the page still hydrates. Show pages load no
 * Remix runtime at all (issue 42): one inline script of enhancements. Staff pages keep their
 * scripts at once, with the preloads at low priority.
 */
test("public pages link one or two stylesheets and fetch their scripts only after the first paint", async ({
  page,
  db,
  request,
  javaScriptOn,
  signIn,
}) => {
  const show = seededShow(db, "Laughs on the Waterfront");
  const showPages = [`/event/${show.id}`, `/show/${showSlug(show)}`];
  for (const path of ["/", "/calendar", ...showPages, "/vote"]) {
    const html = await (await request.get(path)).text();
    const stylesheets = html.match(/<link[^>]*rel="stylesheet"[^>]*>/g) ?? [];
    const listing = path === "/" || path === "/calendar";
    expect(stylesheets, path).toHaveLength(listing ? 1 : 2);
    if (listing) {
      // The one file holds the site's own styles first, then the public ones.
      const href = stylesheets[0]?.match(/href="([^"]+)"/)?.[1] ?? "";
      const css = await (await request.get(href)).text();
      expect(css, path).toContain(".skip-link");
      expect(css.indexOf(".button--eventbrite"), path).toBeLessThan(css.indexOf(".show-card"));
    }
    expect(html.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? [], path).toEqual([]);
    expect(html.match(/<script[^>]*type="module"/g) ?? [], path).toEqual([]);
    if (showPages.includes(path)) expect(html, path).not.toContain('id="remix-modules"');
    else expect(html, path).toContain('id="remix-modules"');
    // The header's logos are drawn in the page, not fetched (two requests fewer on every page).
    expect(html.match(/<img[^>]*src="\/images\/logo[^"]*"/g) ?? [], path).toEqual([]);
    expect(html, path).toMatch(/class="site-header__logo"[^>]*>\s*<svg[^>]*class="logo-full"/);
  }
  if (!javaScriptOn) return;

  await page.goto("/calendar");
  await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const scripts = performance
      .getEntriesByType("resource")
      .filter((e) => new URL(e.name).pathname.endsWith(".js"))
      .map((e) => e.startTime);
    const [paint] = performance.getEntriesByName("first-contentful-paint");
    return { loaded: navigation.loadEventStart, painted: paint?.startTime, scripts };
  });
  expect(timing.scripts.length).toBeGreaterThan(3);
  expect(timing.painted).toBeGreaterThan(0);
  // After the load event and after the first paint as shown (which often comes after `load`).
  for (const start of timing.scripts) {
    expect(start).toBeGreaterThanOrEqual(timing.loaded);
    expect(start).toBeGreaterThanOrEqual(timing.painted!);
  }

  // The staff side is used at a desk: its scripts start at once, preloaded at low priority.
  // (As the server sends it: once hydrated, Remix drops the preload links from the page.)
  await signIn("/admin");
  const staffHtml = await (await page.request.get("/admin")).text();
  const preloads = staffHtml.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? [];
  expect(preloads.length).toBeGreaterThan(3);
  expect(preloads.filter((p) => !p.includes('fetchpriority="low"'))).toEqual([]);
  // Pages whose stylesheet does not hold the site's own styles get them from the root.
  expect(staffHtml).toMatch(/<link[^>]*rel="stylesheet"[^>]*href="\/build\/_assets\/app-[^"]+\.css"/);
});

/**
 * The first Intl formatter or collator a page builds loads the browser's ICU data: 50-100 ms of
 * one task on a phone, the largest single piece of the public pages' blocking time (issue 16).
 * The pages show dates without Intl, take "today" from the server and keep the server's JSON-LD,
 * so loading and hydrating them builds none.
 */
test("public pages load and hydrate without loading the browser's locale data", async ({
  page,
  db,
  javaScriptOn,
}) => {
  test.skip(!javaScriptOn, "only the browser's own scripts can load locale data");
  const show = seededShow(db, "Laughs on the Waterfront");
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { localeCalls: string[] }).localeCalls = calls;
    for (const name of [
      "DateTimeFormat",
      "NumberFormat",
      "Collator",
      "PluralRules",
      "RelativeTimeFormat",
    ] as const) {
      const original = Intl[name] as unknown as new (...args: unknown[]) => object;
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(original, {
        construct(target, args) {
          calls.push(`Intl.${name}`);
          return new target(...args);
        },
        apply(target, self, args) {
          calls.push(`Intl.${name}`);
          return (target as unknown as (...a: unknown[]) => object).apply(self, args);
        },
      });
    }
    const methods: [object, string][] = [
      [String.prototype, "localeCompare"],
      [Date.prototype, "toLocaleString"],
      [Date.prototype, "toLocaleDateString"],
      [Date.prototype, "toLocaleTimeString"],
      [Number.prototype, "toLocaleString"],
    ];
    for (const [owner, method] of methods) {
      const original = (owner as Record<string, (...a: unknown[]) => unknown>)[method];
      (owner as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
        calls.push(method);
        return original.apply(this, args);
      };
    }
  });
  const showPages = [`/event/${show.id}`, `/show/${showSlug(show)}`];
  for (const path of ["/", "/calendar", ...showPages, "/vote"]) {
    await page.goto(path);
    if (showPages.includes(path))
      await expect
        .poll(() => page.evaluate(() => document.documentElement.hasAttribute("data-enhanced")))
        .toBe(true);
    else await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
    expect(
      await page.evaluate(() => (window as unknown as { localeCalls: string[] }).localeCalls),
      path,
    ).toEqual([]);
  }
  // The show page keeps the server's structured data, word for word.
  await page.goto(`/event/${show.id}`);
  const served = await (await page.request.get(`/event/${show.id}`)).text();
  const block = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(block).toContain('"name":"Laughs on the Waterfront"');
  expect(served).toContain(`>${block}</script>`);
});

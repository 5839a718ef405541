import { demoRoundId } from "../support/voting";
import { expect, test } from "./fixtures";

// /vote is answered before Express (app/fast, unless FAST_PATHS=off): the same headers.
const PAGES = ["/", "/404", "/admin/login", "/healthcheck", "/vote"];

test("every response carries the security headers and no framework banner @once", async ({ request }) => {
  for (const path of PAGES) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp, path).not.toContain("'unsafe-inline' 'nonce");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], path).toContain("camera=()");
    expect(headers["strict-transport-security"], path).toContain("max-age=");
    expect(headers["x-powered-by"], path).toBeUndefined();
  }
});

test("scripts, styles and image variants carry only the headers that act on them; a miss there is no page @once @no-fast-path", async ({
  request,
  page,
}) => {
  await page.goto("/");
  const assets = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
      (l) => new URL(l.href).pathname,
    ),
  );
  const script = /\/build\/[^"]+\.js/.exec(await (await request.get("/")).text())?.[0];
  expect(script).toBeTruthy();
  for (const path of [...assets, script!, "/build/not-a-file.js", "/img/0123456789abcdef-50-50-w720.avif"]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["cross-origin-resource-policy"], path).toBe("same-origin");
    // About 900 bytes a request that act only on a page (issue 16: fifty-odd per page on a phone).
    for (const name of [
      "content-security-policy",
      "permissions-policy",
      "x-frame-options",
      "cross-origin-opener-policy",
    ])
      expect(headers[name], `${path} ${name}`).toBeUndefined();
    if (response.status() === 404) expect(headers["content-type"], path).toContain("text/plain");
  }
  // A path under /img/ that is no variant name gets the not-found page, with the page's headers.
  const page404 = await request.get("/img/a/b");
  expect(page404.status()).toBe(404);
  expect(page404.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
});

test("each render gets its own nonce, and inline scripts carry it @once @no-fast-path", async ({
  request,
}) => {
  // The login page is never served from the page cache: every response is a fresh render.
  const first = await request.get("/admin/login");
  const second = await request.get("/admin/login");
  const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
  const a = nonceOf(first.headers()["content-security-policy"]);
  const b = nonceOf(second.headers()["content-security-policy"]);
  expect(a).toBeTruthy();
  expect(a).not.toBe(b);
  const html = await first.text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
  expect(inline.length).toBeGreaterThan(0);
  for (const attrs of inline) {
    if (attrs.includes("application/ld+json")) continue;
    expect(attrs).toContain(`nonce="${a}"`);
  }
});

test("the vote page, served from its kept copy, gives each visitor their own nonce and vote token @once", async ({
  playwright,
  baseURL,
  db,
}) => {
  // The demo round's own link: plain /vote asks which show while other tests' rounds are open.
  const ballot = `/vote?round=${demoRoundId(db)}`;
  const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
  const seen: { nonce?: string; token?: string }[] = [];
  for (let i = 0; i < 3; i++) {
    // A fresh visitor each time (no device cookie): what a room opening the page sends.
    const visitor = await playwright.request.newContext({ baseURL });
    const response = await visitor.get(ballot);
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["cache-control"]).toContain("no-store");
    expect(headers["set-cookie"]).toContain("HttpOnly");
    const nonce = nonceOf(headers["content-security-policy"]);
    const html = await response.text();
    const token = /name="voteToken" value="([^"]+)"/.exec(html)?.[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    // Every inline script carries this response's nonce; no placeholder is left.
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline.length).toBeGreaterThan(0);
    for (const attrs of inline) {
      if (attrs.includes("application/ld+json")) continue;
      expect(attrs).toContain(`nonce="${nonce}"`);
    }
    expect(html).not.toMatch(/Zq9\w*Slot/);
    seen.push({ nonce, token });
    await visitor.dispose();
  }
  expect(new Set(seen.map((s) => s.nonce)).size).toBe(3);
  expect(new Set(seen.map((s) => s.token)).size).toBe(3);
});

test("request bodies over the limit are refused with 413 before the app reads them @once @no-fast-path", async ({
  request,
}) => {
  const response = await request.post("/admin/login", {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "username=admin&password=" + "x".repeat(2 * 1024 * 1024),
  });
  expect(response.status()).toBe(413);
});

test("a cross-site form post is refused @once @no-fast-path", async ({ request }) => {
  const response = await request.post("/admin/login", {
    headers: { Origin: "https://evil.example.com" },
    form: { username: "admin", password: "whatever" },
  });
  expect(response.status()).toBe(403);
});

test("a cached public page is sent with a nonce of its own each time, and a data change renders it again @once", async ({
  request,
  db,
}) => {
  test.skip(
    process.env.FAST_PATHS === "off",
    "the page cache is a fast path (app/fast): none with FAST_PATHS=off",
  );
  const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
  // Other tests write to the shared database at any moment, and any write empties the cache:
  // ask again until two requests in a row met no write between them.
  let first = await request.get("/club-shows");
  let second = await request.get("/club-shows");
  for (let i = 0; i < 20 && second.headers()["x-cache"] !== "HIT"; i++) {
    first = second;
    second = await request.get("/club-shows");
  }
  expect(second.headers()["x-cache"]).toBe("HIT");
  const html = await second.text();
  const nonce = nonceOf(second.headers()["content-security-policy"]);
  expect(html).toContain(`nonce="${nonce}"`);
  // Issue 39: never the nonce of the render (or of another visitor's answer).
  const firstNonce = nonceOf(first.headers()["content-security-policy"]);
  expect(firstNonce).not.toBe(nonce);
  expect(html).not.toContain(`nonce="${firstNonce}"`);
  // Any write to the database invalidates the cache: the next request renders afresh.
  const name = `cache-test-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  db.$client.prepare("insert into redirects (name, target_url) values (?, 'https://example.com/')").run(name);
  db.$client.prepare("delete from redirects where name = ?").run(name);
  const third = await request.get("/club-shows");
  expect(third.headers()["x-cache"]).toBe("MISS");
});

test("visitors with a session are never served from the page cache @once", async ({ request }) => {
  await request.get("/club-shows");
  const withSession = await request.get("/club-shows", { headers: { Cookie: "__session=anything" } });
  expect(withSession.headers()["x-cache"]).toBeUndefined();
});

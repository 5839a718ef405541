import { expect, test } from "./fixtures";

const PAGES = ["/", "/404", "/admin/login", "/healthcheck"];

test("every response carries the security headers and no framework banner", async ({ request }) => {
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

test("each page gets its own nonce, and inline scripts carry it", async ({ request }) => {
  const first = await request.get("/");
  const second = await request.get("/");
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

test("request bodies over the limit are refused with 413 before the app reads them", async ({ request }) => {
  const response = await request.post("/admin/login", {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "username=admin&password=" + "x".repeat(2 * 1024 * 1024),
  });
  expect(response.status()).toBe(413);
});

test("a cross-site form post is refused", async ({ request }) => {
  const response = await request.post("/admin/login", {
    headers: { Origin: "https://evil.example.com" },
    form: { username: "admin", password: "whatever" },
  });
  expect(response.status()).toBe(403);
});

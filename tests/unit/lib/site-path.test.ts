/**
 * Issue 39, item 7: one "site path" rule for every stored link and the redirect after login.
 * Before: a comedian photo of "/\host/x.png" was stored (browsers load it from that host), a
 * venue page link of "/\evil.example" too, and redirectTo with U+3002 or U+2028 answered 500
 * for signed-in staff (a Location header cannot carry it).
 */
import { describe, expect, it } from "vitest";
import { comedianProfileSchema } from "~/lib/comedian-form";
import { safeRedirect } from "~/lib/safe-redirect";
import { safeWebUrl } from "~/lib/sanitize";
import { isSitePath } from "~/lib/site-path";
import { parseLinks } from "~/lib/venue-sections";
import { isWebUrl } from "~/lib/web-url";

const HOSTILE = [
  "/\\evil.example/x.png",
  "/\\\\evil.example",
  "//evil.example/x.png",
  "/%2F/evil.example",
  "/%5Cevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/%09/evil.example",
  "/ /x.png",
  "/x y.png",
  "/\u3000evil",
  "/\u2028evil",
  "/%E2%80%A8evil",
  "/\u3002evil.example",
  "/\u202Egnp.x",
  "/\u0000",
  "/%00",
  "/%ZZ",
  "",
  "/" + "a".repeat(2001),
];
const FINE = [
  "/",
  "/images/stock-show.svg",
  "/admin?tab=1#top",
  "/event/12?date=2026-05-16",
  "/img/%E3%80%82.png",
  "/a-b_c.~!$&'()*+,;=:@",
];

describe("the site path rule", () => {
  it.each(HOSTILE)("refuses %j", (value) => expect(isSitePath(value)).toBe(false));
  it.each(FINE)("accepts %j", (value) => expect(isSitePath(value)).toBe(true));
  it("is a path, never a URL", () => {
    for (const url of ["https:/x", "https://laugh.example/", "x/y", "javascript:alert(1)"])
      expect(isSitePath(url), url).toBe(false);
  });

  it("every stored-link check and the login redirect use it", () => {
    for (const value of HOSTILE) {
      expect(isWebUrl(value, true), value).toBe(false);
      expect(safeWebUrl(value, true), value).toBeNull();
      expect(safeRedirect(value, "/admin"), value).toBe("/admin");
      expect(parseLinks(`Label | ${value}`).ok, value).toBe(false);
    }
    for (const value of FINE) {
      expect(isWebUrl(value, true), value).toBe(true);
      expect(safeRedirect(value, "/admin"), value).toBe(value);
      expect(parseLinks(`Label | ${value}`).ok, value).toBe(true);
    }
  });

  it("a comedian photo can no longer be typed as a path (issue 42: headshots are uploads): /\\host/x.png is dropped", () => {
    const base = { name: "Ava", slug: "ava" };
    const parsed = comedianProfileSchema.parse({ ...base, photoUrl: "/\\evil.example/x.png" });
    expect(JSON.stringify(parsed)).not.toContain("evil.example");
  });

  it("full URLs: http(s) only, no white space, control character or backslash anywhere", () => {
    expect(isWebUrl("https://tickets.example/e/1")).toBe(true);
    expect(isWebUrl("https://tickets.example/e/1\\x")).toBe(false);
    expect(isWebUrl("https://tickets.example/e 1")).toBe(false);
    expect(isWebUrl(" https://tickets.example/")).toBe(false);
    expect(isWebUrl("https://tickets.example/\u2028")).toBe(false);
    expect(isWebUrl("javascript:alert(1)")).toBe(false);
    // A site path is accepted only where the field allows one.
    expect(isWebUrl("/images/x.svg")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { safeWebUrl } from "~/lib/sanitize";
import { isWebUrl } from "~/lib/web-url";

describe("safeWebUrl (stored links as pages use them)", () => {
  it.each([
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "data:text/html,<b>x</b>",
    "vbscript:x",
    "//evil.example/x",
    "ftp://x.example/",
  ])("drops %s", (url) => {
    expect(safeWebUrl(url)).toBeNull();
    expect(safeWebUrl(url, true)).toBeNull();
  });

  it("keeps http(s) links, and site paths for images only", () => {
    expect(safeWebUrl("https://www.eventbrite.ca/e/123")).toBe("https://www.eventbrite.ca/e/123");
    expect(safeWebUrl(" http://example.com/x ")).toBe("http://example.com/x");
    expect(safeWebUrl("/images/a.svg")).toBeNull();
    expect(safeWebUrl("/images/a.svg", true)).toBe("/images/a.svg");
    expect(safeWebUrl(null)).toBeNull();
    expect(safeWebUrl("")).toBeNull();
  });
});

describe("isWebUrl (the forms' link fields)", () => {
  it("takes a site path only where it is asked to (images), never for a ticket or form link", () => {
    expect(isWebUrl("/tickets")).toBe(false);
    expect(isWebUrl("/images/a.svg", true)).toBe(true);
    expect(isWebUrl("//evil.example/x", true)).toBe(false);
    expect(isWebUrl("https://www.eventbrite.ca/e/123")).toBe(true);
    expect(isWebUrl("mailto:a@b.co")).toBe(false);
  });
});

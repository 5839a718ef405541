import { describe, expect, it } from "vitest";
import { parseId } from "~/lib/ids";
import { safeWebUrl } from "~/lib/sanitize";

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

describe("parseId", () => {
  it.each(["0x10", "1e3", "1.5", "-1", "0", "01", "../1", "99999999999999999999", "1 ", "", null, undefined])(
    "%s is not an id",
    (raw) => {
      expect(parseId(raw)).toBe(0);
    },
  );

  it("reads plain positive integers", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("123456789012345")).toBe(123456789012345);
  });
});

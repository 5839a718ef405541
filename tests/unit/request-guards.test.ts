import { describe, expect, it } from "vitest";
import { isSameSiteWrite } from "~/utils/request-guards.server";

describe("same-site writes", () => {
  const host = "laughwindsor.ca";
  it("accepts this site's own origin, on http or https", () => {
    expect(isSameSiteWrite({ origin: "https://laughwindsor.ca", referer: null, host })).toBe(true);
    expect(isSameSiteWrite({ origin: "http://laughwindsor.ca", referer: null, host })).toBe(true);
  });
  it("refuses another origin, a null origin, and a look-alike", () => {
    expect(
      isSameSiteWrite({ origin: "https://evil.example.com", referer: "https://laughwindsor.ca/", host }),
    ).toBe(false);
    expect(isSameSiteWrite({ origin: "null", referer: null, host })).toBe(false);
    expect(isSameSiteWrite({ origin: "https://laughwindsor.ca.evil.com", referer: null, host })).toBe(false);
  });
  it("falls back to the referer, and refuses when neither is sent", () => {
    expect(isSameSiteWrite({ origin: null, referer: "https://laughwindsor.ca/contact", host })).toBe(true);
    expect(isSameSiteWrite({ origin: null, referer: "https://evil.example.com/x", host })).toBe(false);
    expect(isSameSiteWrite({ origin: null, referer: "not a url", host })).toBe(false);
    expect(isSameSiteWrite({ origin: null, referer: null, host })).toBe(false);
  });
  it("accepts the configured public origin behind a proxy", () => {
    expect(
      isSameSiteWrite({
        origin: "https://www.laughwindsor.ca",
        referer: null,
        host: "app.internal:8080",
        publicUrl: "https://www.laughwindsor.ca",
      }),
    ).toBe(true);
  });
});

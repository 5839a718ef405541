import { throwIfPotentialCSRFAttack } from "@remix-run/server-runtime/dist/actions.js";
import { describe, expect, it } from "vitest";
import { isSameSiteWrite, passesRemixOriginCheck, isFormContentType } from "~/utils/request-guards.server";

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

describe("Remix's own origin check, asked before Remix (issue 39)", () => {
  const remixRefuses = (headers: Record<string, string>) => {
    try {
      throwIfPotentialCSRFAttack(new Headers(headers));
      return false;
    } catch {
      return true;
    }
  };
  const shapes: Record<string, string>[] = [
    { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" },
    { host: "127.0.0.1:80", origin: "http://127.0.0.1:80" },
    { host: "127.0.0.1", origin: "http://127.0.0.1:80" },
    { host: "[::ffff:127.0.0.1]:3000", origin: "http://[::ffff:127.0.0.1]:3000" },
    { host: "[::ffff:7f00:1]:3000", origin: "http://[::ffff:127.0.0.1]:3000" },
    { host: "laugh.example", origin: "https://laugh.example", "x-forwarded-host": "evil.example" },
    { host: "laugh.example", origin: "https://laugh.example", "x-forwarded-host": "laugh.example, evil" },
    { host: "laugh.example", origin: "https://laugh.example", "x-forwarded-host": " , laugh.example" },
    { host: "laugh.example", origin: "null" },
    { host: "laugh.example", origin: "" },
    { host: "laugh.example", origin: "::::" },
    { host: "laugh.example" },
    { origin: "https://laugh.example" },
    { host: "LAUGH.example", origin: "https://laugh.example" },
  ];
  it.each(shapes)("agrees with Remix on %o", (headers) => {
    const ours = passesRemixOriginCheck({
      origin: headers.origin,
      forwardedHost: headers["x-forwarded-host"],
      host: headers.host,
    });
    expect(ours).toBe(!remixRefuses(headers));
  });
});

describe("isFormContentType", () => {
  it.each([
    "application/x-www-form-urlencoded",
    "application/x-www-form-urlencoded;charset=UTF-8",
    " Application/X-WWW-Form-Urlencoded ; charset=utf-8",
  ])("accepts %s", (type) => expect(isFormContentType(type)).toBe(true));
  it.each([
    "application/json",
    "text/plain",
    "multipart/form-data; boundary=x",
    "",
    null,
    undefined,
    "application/x-www-form-urlencoded-evil",
  ])("refuses %s", (type) => expect(isFormContentType(type)).toBe(false));
});

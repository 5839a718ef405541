import { afterEach, describe, expect, it, vi } from "vitest";
import { templateQuery, VOTE_PAGE_MARKS } from "~/fast/vote-page.server";
import { resetEnvCache } from "~/utils/env.server";
import { deviceCookieForTests, deviceIdFromCookieHeader, mintDevice } from "~/utils/vote-device.server";

/** The Cookie header a browser sends back for a Set-Cookie. */
const asCookie = (setCookie: string) => setCookie.split(";")[0];

describe("the vote device cookie, read and signed without Remix (issue 20)", () => {
  it("mints a cookie Remix's own cookie object reads back, with the same attributes", async () => {
    const { deviceId, setCookie } = mintDevice();
    expect(await deviceCookieForTests().parse(asCookie(setCookie))).toBe(deviceId);
    const remix = await deviceCookieForTests().serialize(deviceId);
    const attrs = (c: string) =>
      c
        .split("; ")
        .slice(1)
        .map((a) => a.split("=")[0].toLowerCase())
        .sort();
    expect(attrs(setCookie)).toEqual(attrs(remix));
    expect(setCookie).toMatch(/Max-Age=31536000/);
  });

  it("reads a cookie Remix signed, among others, and refuses a tampered or foreign one", async () => {
    const remix = asCookie(await deviceCookieForTests().serialize("abcdefghijklmnop1234"));
    expect(deviceIdFromCookieHeader(`theme=dark; ${remix}; other=1`)).toBe("abcdefghijklmnop1234");
    const [name, value] = remix.split("=");
    const decoded = decodeURIComponent(value);
    const forged =
      Buffer.from(JSON.stringify("zzzzzzzzzzzzzzzzzzzz")).toString("base64") +
      decoded.slice(decoded.lastIndexOf("."));
    expect(deviceIdFromCookieHeader(`${name}=${encodeURIComponent(forged)}`)).toBeNull();
    expect(deviceIdFromCookieHeader(`${name}=${value.slice(0, -3)}`)).toBeNull();
    expect(deviceIdFromCookieHeader(`${name}=%E0%A4%A`)).toBeNull();
    expect(deviceIdFromCookieHeader(null)).toBeNull();
    // A signed value that is not a device id (wrong shape) counts as no cookie.
    expect(deviceIdFromCookieHeader(asCookie(await deviceCookieForTests().serialize("short")))).toBeNull();
  });
});

describe("device cookies: each minted once, signed with the secret of the moment", () => {
  afterEach(() => {
    vi.useRealTimers();
    resetEnvCache();
  });

  it("never hands out the same device twice, and every cookie reads back to its own id", () => {
    const minted = Array.from({ length: 100 }, () => mintDevice());
    expect(new Set(minted.map((m) => m.deviceId)).size).toBe(100);
    expect(new Set(minted.map((m) => m.setCookie)).size).toBe(100);
    for (const { deviceId, setCookie } of minted)
      expect(deviceIdFromCookieHeader(asCookie(setCookie))).toBe(deviceId);
  });

  it("signs with the secret of the moment: a cookie minted after the secret changed is not the old secret's", () => {
    const before = process.env.SESSION_SECRET;
    const restore = () => {
      if (before === undefined) delete process.env.SESSION_SECRET;
      else process.env.SESSION_SECRET = before;
      resetEnvCache();
    };
    mintDevice(); // a batch signed with the first secret
    process.env.SESSION_SECRET = "another-session-secret-0123456789abcdef";
    resetEnvCache();
    try {
      const { deviceId, setCookie } = mintDevice();
      expect(deviceIdFromCookieHeader(asCookie(setCookie))).toBe(deviceId);
      restore();
      expect(deviceIdFromCookieHeader(asCookie(setCookie))).toBeNull();
    } finally {
      restore();
    }
  });

  it("gives an id made in the second it is handed out, however long ago the last one was", () => {
    vi.useFakeTimers({ now: new Date("2026-11-25T20:00:00Z") });
    const first = mintDevice();
    vi.setSystemTime(new Date("2026-11-25T20:10:00Z"));
    const later = mintDevice();
    const issued = (id: string) => parseInt(id.slice(0, 9), 36);
    expect(issued(first.deviceId)).toBe(Date.parse("2026-11-25T20:00:00Z"));
    expect(issued(later.deviceId)).toBe(Date.parse("2026-11-25T20:10:00Z"));
  });
});

describe("which /vote addresses the cached page can answer", () => {
  it("takes the plain address, a round and the projector's room code", () => {
    expect(templateQuery("")).toEqual({ round: null, code: null, templateSearch: "" });
    expect(templateQuery("?round=3")).toEqual({ round: 3, code: null, templateSearch: "?round=3" });
    expect(templateQuery("?round=123")?.round).toBe(123);
    expect(templateQuery("?round=3&code=123456")).toEqual({
      round: 3,
      code: "123456",
      templateSearch: `?round=3&code=${VOTE_PAGE_MARKS.code}`,
    });
    expect(templateQuery("?code=")).toEqual({
      round: null,
      code: "",
      templateSearch: `?code=${VOTE_PAGE_MARKS.code}`,
    });
  });

  it("leaves filters, thank-yous, odd codes and repeated or unknown parameters to the normal render", () => {
    for (const search of [
      "?q=Comic",
      "?round=3&thanks=abc",
      "?code=12a456",
      "?code=1234567890123",
      "?round=1&round=2",
      "?round=-1",
      "?utm=x",
      "?round=3&code=1%32",
      "?round=x3",
      "?round=3x",
      "?q=12",
      "?q=12&code=3",
    ]) {
      expect(templateQuery(search), search).toBeNull();
    }
  });
});

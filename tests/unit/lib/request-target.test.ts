import { describe, expect, it } from "vitest";
import { hostProblem, requestTargetProblem } from "~/lib/request-target";

/**
 * Issue 13's malformed request targets and safe redirects, the pure half (app/lib): what the
 * server answers 400 before Remix, and where a login may send the visitor back to.
 * tests/e2e/hostile-traffic.spec.ts runs the same classes over HTTP.
 */

describe("malformed request targets and Host", () => {
  it.each([
    "*",
    "http://evil.example/",
    "//evil.example/",
    "/%FF",
    "/event/%E0%A4%A",
    "/%00",
    "/a%0Ab",
    "/\\evil.example",
    "/a%5Cb",
    "/calendar?q=%FF",
    "/calendar?q=%00",
    "/?q=a%0Ab",
    "/calendar?venue=%1B[31m",
    "/?q=%",
  ])("refuses %j", (target) => {
    expect(requestTargetProblem(target)).not.toBeNull();
  });
  it.each([
    "/",
    "/calendar?q=comedy+night&venue=Tipsy%20Toucan",
    "/event/12",
    "/search?q=caf%C3%A9",
    "/?a=&b=",
  ])("accepts %j", (target) => {
    expect(requestTargetProblem(target)).toBeNull();
  });
  it.each([
    undefined,
    "",
    "LocalHost",
    "a@evil.example",
    "evil.example/x",
    "127.0.0.1:99999",
    "127.0.0.1:0",
    "bad host",
  ])("refuses Host %j", (host) => {
    expect(hostProblem(host)).not.toBeNull();
  });
  it.each([
    "localhost",
    "localhost:3000",
    "127.0.0.1:8080",
    "laughwindsor.ca",
    "[::1]:3000",
    "www.example.com.",
  ])("accepts Host %j", (host) => {
    expect(hostProblem(host)).toBeNull();
  });
});

describe("request targets: the reason the log gets", () => {
  it.each([
    ["*", "asterisk-form target"],
    ["http://evil.example/", "absolute-form target"],
    ["", "absolute-form target"],
    ["//evil.example/", "target starting with //"],
    ["/a\\b", "backslash in target"],
    ["/%FF", "bad percent-encoding in path"],
    ["/a%0Ab", "control character in path"],
    ["/a%0A", "control character in path"],
    ["/a%7Fb", "control character in path"],
    ["/a%1Fb", "control character in path"],
    ["/a%5Cb", "control character in path"],
    ["/?q=%E0%A4%A", "bad percent-encoding in query"],
    ["/?ok=1&q=%", "bad percent-encoding in query"],
    ["/?q=a%09b", "control character in query"],
    ["/?ok=1&q=%7F", "control character in query"],
  ])("%j: %s", (target, reason) => {
    expect(requestTargetProblem(target)).toBe(reason);
  });

  it("reads the path up to the first ?, so a ? in the query is data", () => {
    expect(requestTargetProblem("/search?q=what?&x=%3F")).toBeNull();
    expect(requestTargetProblem("/a%25?q=1")).toBeNull();
    // A "+" in the query is a space, not a control character; a "%" in the path is checked.
    expect(requestTargetProblem("/?q=a+b+c")).toBeNull();
    expect(requestTargetProblem("/%?q=1")).toBe("bad percent-encoding in path");
    expect(requestTargetProblem("/ok?")).toBeNull();
  });

  it("tells a missing Host, a malformed one and a port out of range apart", () => {
    expect(hostProblem(undefined)).toBe("no Host");
    expect(hostProblem("")).toBe("no Host");
    expect(hostProblem("Evil.example")).toBe("malformed Host");
    expect(hostProblem("localhost:0")).toBe("Host port out of range");
    expect(hostProblem("localhost:65536")).toBe("Host port out of range");
    expect(hostProblem("localhost:65535")).toBeNull();
    expect(hostProblem("localhost:1")).toBeNull();
    expect(hostProblem("localhost:123456")).toBe("malformed Host");
  });

  it("accepts names with inner hyphens up to 63 characters a label, and refuses the rest", () => {
    expect(hostProblem("laugh-windsor.ca")).toBeNull();
    expect(hostProblem("a.b.c")).toBeNull();
    expect(hostProblem("a")).toBeNull();
    expect(hostProblem(`${"a".repeat(63)}.ca`)).toBeNull();
    expect(hostProblem(`${"a".repeat(64)}.ca`)).toBe("malformed Host");
    expect(hostProblem("-lead.ca")).toBe("malformed Host");
    expect(hostProblem("trail-.ca")).toBe("malformed Host");
    expect(hostProblem("a..b")).toBe("malformed Host");
    expect(hostProblem("[::1]")).toBeNull();
    expect(hostProblem("[2001:db8::1]:8080")).toBeNull();
    expect(hostProblem("[::G]")).toBe("malformed Host");
    expect(hostProblem("x localhost")).toBe("malformed Host");
    expect(hostProblem("localhost:80 x")).toBe("malformed Host");
    expect(hostProblem("localhost:")).toBe("malformed Host");
  });
});

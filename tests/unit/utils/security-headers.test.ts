/**
 * Issue 16: a page's scripts, styles and image variants carry only the headers that act on
 * them; every answer that may be a page keeps the whole set, the CSP with its nonce.
 */
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { isAssetPath, securityHeaders } from "~/utils/security-headers.server";

function recorder() {
  const headers = new Map<string, string>();
  const res = { setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value) };
  return { res: res as unknown as ServerResponse, headers };
}

describe("security headers", () => {
  const set = securityHeaders(true);

  it("a page gets the CSP with its nonce, framing, permissions and HSTS", () => {
    const { res, headers } = recorder();
    set.page(res, "abc123");
    expect(headers.get("content-security-policy")).toContain("'nonce-abc123'");
    expect(headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("permissions-policy")).toContain("camera=()");
    expect(headers.get("strict-transport-security")).toContain("max-age=");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("an asset gets no sniffing and no embedding by other sites, nothing that only acts on a page", () => {
    const { res, headers } = recorder();
    set.asset(res);
    expect(Object.fromEntries(headers)).toEqual({
      "x-content-type-options": "nosniff",
      "cross-origin-resource-policy": "same-origin",
    });
  });

  it("only built files and image variants are assets; anything that may answer a page is not", () => {
    for (const path of [
      "/build/entry.client-ABC.js",
      "/build/_assets/app-X.css",
      "/img/0123456789abcdef-50-50-w720.avif",
    ])
      expect(isAssetPath(path), path).toBe(true);
    // /img/a/b, /build and /images/... can be answered by the not-found page (a document).
    for (const path of ["/", "/img/a/b", "/img/", "/build", "/images/stock-show.svg", "/vote", "/imgx/a"])
      expect(isAssetPath(path), path).toBe(false);
  });
});

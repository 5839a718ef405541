import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { cachedBody, PageCache, pickEncoding } from "~/fast/page-cache.server";

const page = (body: string) => ({
  status: 200,
  headers: [["content-type", "text/html"]] as [string, string][],
  nonce: "n1",
  identity: Buffer.from(body),
});

describe("page cache", () => {
  it("answers a stored page only while the data version is unchanged", () => {
    const cache = new PageCache();
    cache.set("/a", { version: "1-1", ...page("<p>hello</p>") }, 0);
    expect(cache.get("/a", "1-1", 10)).not.toBeNull();
    expect(cache.get("/a", "2-1", 10)).toBeNull();
    // Once invalid it is gone, even for the old version.
    expect(cache.get("/a", "1-1", 10)).toBeNull();
  });

  it("expires entries after their time to live", () => {
    const cache = new PageCache();
    cache.set("/a", { version: "v", ...page("x") }, 0);
    expect(cache.get("/a", "v", 59_000)).not.toBeNull();
    expect(cache.get("/a", "v", 60_001)).toBeNull();
  });

  it("keeps the page compressed, which decodes to the page", () => {
    const cache = new PageCache();
    const entry = cache.set("/a", { version: "v", ...page("<h1>Laugh</h1>") });
    expect(zlib.gunzipSync(cachedBody(entry, "n1", true)).toString()).toBe("<h1>Laugh</h1>");
    expect(cachedBody(entry, "n1", false).toString()).toBe("<h1>Laugh</h1>");
  });

  it("each response gets its own nonce put into the page, wherever the render's nonce was (issue 39)", () => {
    const cache = new PageCache();
    const render = "Tr9kQx2mZ8vW1pLs0aBc+/==";
    const html = `<script nonce="${render}">a()</script><p>${"Laugh ".repeat(500)}</p><script nonce="${render}" src="/b.js"></script>`;
    const entry = cache.set("/a", {
      version: "v",
      status: 200,
      headers: [],
      nonce: render,
      identity: Buffer.from(html),
    });
    const first = zlib.gunzipSync(cachedBody(entry, "AAAAfirstNonce00000000==", true)).toString();
    const second = zlib.gunzipSync(cachedBody(entry, "BBBBsecondNonce0000000==", true)).toString();
    expect(first).toBe(html.replaceAll(render, "AAAAfirstNonce00000000=="));
    expect(second).toBe(html.replaceAll(render, "BBBBsecondNonce0000000=="));
    expect(first).not.toContain(render);
    expect(cachedBody(entry, "CCCCthirdNonce00000000==", false).toString()).toBe(
      html.replaceAll(render, "CCCCthirdNonce00000000=="),
    );
  });

  it("stays bounded, dropping the oldest entries", () => {
    const cache = new PageCache();
    for (let i = 0; i < 600; i++) cache.set(`/p${i}`, { version: "v", ...page(String(i)) });
    expect(cache.size).toBe(500);
    expect(cache.get("/p0", "v")).toBeNull();
    expect(cache.get("/p599", "v")).not.toBeNull();
  });

  it("picks brotli, then gzip, then none", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding(undefined)).toBe("identity");
  });

  it("answers a header it has seen as it did the first time, for what this page has", () => {
    // The same header, asked by a page kept in all three encodings and by one kept without brotli.
    for (let i = 0; i < 2; i++) {
      expect(pickEncoding("br")).toBe("br");
      expect(pickEncoding("br", ["gzip", "identity"])).toBe("identity");
      expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    }
    // A stranger's thousand distinct headers neither grow the memo without end nor change an answer.
    for (let i = 0; i < 1000; i++) expect(pickEncoding(`gzip;q=0.${(i % 9) + 1}, x-${i}`)).toBe("gzip");
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("identity;q=0, br;q=0, gzip;q=0")).toBe("identity");
  });
});

describe("pickEncoding (negotiator)", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip;q=0, identity", "identity"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0", "identity"],
    ["br;q=0.5, gzip;q=0.8", "gzip"],
    ["*", "br"],
    ["identity;q=0", "identity"],
  ] as const)("%j → %s", (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

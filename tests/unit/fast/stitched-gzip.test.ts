import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  crc32,
  crc32Combine,
  slotCounts,
  stitchGzip,
  stitchIdentity,
  stitchTemplate,
} from "~/fast/stitched-gzip.server";

const page = `<!DOCTYPE html><html><body>${"<p>Comic 1 is funny</p>".repeat(400)}<input name="voteToken" value="TOKEN__"/><script nonce="NONCE__">window.x={"voteToken":"TOKEN__"}</script>${"<li>more</li>".repeat(300)}</body></html>`;

describe("stitched gzip (the cached /vote page)", () => {
  it("gives a valid gzip body whose content is the page with the values in place", () => {
    const template = stitchTemplate(page, { token: "TOKEN__", nonce: "NONCE__" });
    expect(slotCounts(template)).toEqual({ token: 2, nonce: 1 });
    const values = { token: "abcDEF123_-xyz", nonce: "n0nce+/==" };
    const expected = page.replaceAll("TOKEN__", values.token).replaceAll("NONCE__", values.nonce);
    const body = stitchGzip(template, values);
    // zlib checks the CRC-32 and the length in the trailer: a wrong combine throws here.
    expect(zlib.gunzipSync(body).toString("utf8")).toBe(expected);
    expect(stitchIdentity(template, values).toString("utf8")).toBe(expected);
    expect(body.length).toBeLessThan(Buffer.byteLength(expected) / 5);
  });

  it("with values as long as their placeholders (a nonce), compresses as well as one stream would", () => {
    // A page whose second half repeats its first, cut between them by nonces (the home page's
    // markup, then its data with the same titles): piece by piece, the second half could not
    // refer back to the first.
    const words = Array.from({ length: 1500 }, (_, i) => `show-${(i * 7919) % 1009} `).join("");
    const text = `<main>${words}</main><script nonce="NONCE__aaaaaaaaaaaaaaa">${words}</script><script nonce="NONCE__aaaaaaaaaaaaaaa">x</script>`;
    const marker = { nonce: "NONCE__aaaaaaaaaaaaaaa" };
    const nonce = "Zm9vYmFyYmF6cXV4cXV1eA==".slice(0, marker.nonce.length);
    const expected = text.replaceAll(marker.nonce, nonce);
    const oneStream = zlib.gzipSync(expected, { level: 9 }).length;
    const chained = stitchGzip(stitchTemplate(text, marker, { sameLengthValues: true }), { nonce });
    expect(zlib.gunzipSync(chained).toString("utf8")).toBe(expected);
    expect(chained.length).toBeLessThan(oneStream * 1.05);
    // Without it each piece starts from nothing (what the home page lost: 14.8 KB, not 13.3).
    expect(stitchGzip(stitchTemplate(text, marker), { nonce }).length).toBeGreaterThan(oneStream * 1.3);
  });

  it("refuses a value of another length than its placeholder when the pieces were chained", () => {
    const template = stitchTemplate(
      "<p>abc</p>NONCE<p>abc</p>",
      { nonce: "NONCE" },
      { sameLengthValues: true },
    );
    expect(zlib.gunzipSync(stitchGzip(template, { nonce: "12345" })).toString()).toBe(
      "<p>abc</p>12345<p>abc</p>",
    );
    expect(() => stitchGzip(template, { nonce: "123456" })).toThrow(/must be 5 bytes/);
    // A text with a NUL byte is compressed piece by piece, so any length still works.
    const withNul = stitchTemplate("a\u0000NONCEb", { nonce: "NONCE" }, { sameLengthValues: true });
    expect(zlib.gunzipSync(stitchGzip(withNul, { nonce: "xy" })).toString()).toBe("a\u0000xyb");
  });

  it("handles empty values, a placeholder at the very start and end, and non-ASCII text", () => {
    const text = "XX héllo — XX wörld XX";
    const template = stitchTemplate(text, { v: "XX" });
    for (const v of ["", "123456", "ünï"]) {
      expect(zlib.gunzipSync(stitchGzip(template, { v })).toString("utf8")).toBe(text.replaceAll("XX", v));
    }
  });

  it("stays valid for values of any length, one request after another (the kept shifts)", () => {
    const template = stitchTemplate(page, { token: "TOKEN__", nonce: "NONCE__" });
    // More distinct lengths than the shifts kept for values, then the first ones again.
    for (const length of [...Array.from({ length: 150 }, (_, i) => i + 1), 31, 24, 1]) {
      const values = { token: "t".repeat(length), nonce: "n".repeat(150 - (length % 150)) };
      const expected = page.replaceAll("TOKEN__", values.token).replaceAll("NONCE__", values.nonce);
      expect(zlib.gunzipSync(stitchGzip(template, values)).toString("utf8")).toBe(expected);
    }
  });

  it("splits a value longer than one stored block (65,535 bytes) into several", () => {
    const template = stitchTemplate("<a>XX</a>XX", { v: "XX" });
    for (const v of ["x".repeat(65_535), "y".repeat(70_000), "é".repeat(70_001)]) {
      expect(zlib.gunzipSync(stitchGzip(template, { v })).toString("utf8")).toBe(`<a>${v}</a>${v}`);
      expect(stitchIdentity(template, { v }).toString("utf8")).toBe(`<a>${v}</a>${v}`);
    }
  });

  it("never gives two bodies the same memory: every body kept stays as it was sent", () => {
    // Many bodies kept at once, as a room opening /vote does.
    const template = stitchTemplate(page, { token: "TOKEN__", nonce: "NONCE__" });
    const sent = Array.from({ length: 400 }, (_, i) => {
      const values = { token: `token-${i}`, nonce: `nonce-${i}` };
      const body = i % 3 === 0 ? stitchIdentity(template, values) : stitchGzip(template, values);
      return { i, body, copy: Buffer.from(body) };
    });
    for (const { i, body, copy } of sent) {
      expect(body.equals(copy)).toBe(true);
      const text = (i % 3 === 0 ? body : zlib.gunzipSync(body)).toString("utf8");
      expect(text).toBe(page.replaceAll("TOKEN__", `token-${i}`).replaceAll("NONCE__", `nonce-${i}`));
    }
  });

  it("leaves a slot empty when no value is given for it", () => {
    const template = stitchTemplate("a XX b", { v: "XX" });
    expect(zlib.gunzipSync(stitchGzip(template, {})).toString("utf8")).toBe("a  b");
    expect(stitchIdentity(template, {}).toString("utf8")).toBe("a  b");
  });

  it("with no placeholder is just the page compressed", () => {
    const template = stitchTemplate("plain page", {});
    expect(zlib.gunzipSync(stitchGzip(template, {})).toString()).toBe("plain page");
  });

  it("combines CRC-32s as zlib does", () => {
    const a = Buffer.from("The quick brown fox ");
    const b = Buffer.from("jumps over the lazy dog".repeat(50));
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
  });
});

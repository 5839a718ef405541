import { describe, expect, it } from "vitest";
import { ACCEPTED_IMAGE_LABEL, sniffImage } from "~/lib/image-sniff";
import {
  allVariants,
  cropBox,
  DEFAULT_FOCUS,
  displayUrl,
  displayWidths,
  formatFocus,
  ldUrl,
  ogUrl,
  parseFocus,
  parseVariantName,
  previewUrl,
  shareImage,
  srcSet,
  structuredDataImages,
  variantFileName,
  fitsImage,
  imageFit,
  maxDisplayWidth,
} from "~/lib/image-variants";

/**
 * The pure rules of the show-image pipeline (app/lib/image-variants.ts, image-sniff.ts): which
 * files a page asks for and which uploads are images at all. The pipeline itself (sharp,
 * the master, the files on disk) is tested in tests/unit/utils/image-pipeline.test.ts.
 */

describe("content sniffing by brand", () => {
  it("recognises a phone's HEIC by its brand", () => {
    const heic = Buffer.from([
      0,
      0,
      0,
      24,
      ...Buffer.from("ftypheic"),
      0,
      0,
      0,
      0,
      ...Buffer.from("mif1heic"),
    ]);
    expect(sniffImage(heic)).toBe("heic");
  });
});

describe("the rules", () => {
  it("crop boxes are the largest of the ratio, moved toward the focal point within the image", () => {
    expect(cropBox(1600, 1200, 16, 9, { x: 50, y: 50 })).toEqual({
      left: 0,
      top: 150,
      width: 1600,
      height: 900,
    });
    expect(cropBox(1600, 1200, 1, 1, { x: 0, y: 50 })).toEqual({
      left: 0,
      top: 0,
      width: 1200,
      height: 1200,
    });
    expect(cropBox(1600, 1200, 1, 1, { x: 100, y: 50 })).toEqual({
      left: 400,
      top: 0,
      width: 1200,
      height: 1200,
    });
    expect(cropBox(1000, 3000, 16, 9, { x: 50, y: 10 })).toEqual({
      left: 0,
      top: 19,
      width: 1000,
      height: 563,
    });
  });

  it("focal points are two numbers from 0 to 100", () => {
    expect(parseFocus("50,30")).toEqual({ x: 50, y: 30 });
    expect(parseFocus(" 12% , 88% ")).toEqual({ x: 12, y: 88 });
    expect(parseFocus("40 60")).toEqual({ x: 40, y: 60 });
    expect(parseFocus("101,5")).toBeNull();
    expect(parseFocus("-1,5")).toBeNull();
    expect(parseFocus("left")).toBeNull();
  });

  it("never offers widths above the crop (no upscaling)", () => {
    expect(displayWidths(2560)).toEqual([320, 640, 720, 960, 1280]);
    expect(displayWidths(1000)).toEqual([320, 640, 720, 960]);
    expect(displayWidths(700)).toEqual([320, 640]);
    expect(displayWidths(200)).toEqual([200]);
  });

  it("variant names round-trip and nothing else parses", () => {
    for (const v of allVariants({ hash: "0123456789abcdef", focus: { x: 7, y: 93 }, maxWidth: 2000 })) {
      expect(parseVariantName(variantFileName(v))).toEqual(v);
    }
    for (const bad of [
      "0123456789abcdef-50-50-w640.gif",
      "0123456789abcdef-50-50-og.webp",
      "0123456789abcdef-150-50-og.jpg",
      "../etc-50-50-og.jpg",
      "0123456789abcdef-050-50-og.jpg",
    ]) {
      expect(parseVariantName(bad)).toBeNull();
    }
  });

  it("JSON-LD lists the three ratios, or the stock JPEG (never SVG)", () => {
    expect(
      structuredDataImages({
        hash: "0123456789abcdef",
        focus: { x: 50, y: 20 },
        maxWidth: 1280,
        placeholder: "",
      }),
    ).toEqual([
      "/img/0123456789abcdef-50-20-16x9.jpg",
      "/img/0123456789abcdef-50-20-4x3.jpg",
      "/img/0123456789abcdef-50-20-1x1.jpg",
    ]);
    expect(structuredDataImages(null)).toEqual(["/images/stock-show.jpg"]);
  });
});

describe("sniffing at its edges", () => {
  const bytes = (...parts: (number[] | string)[]) =>
    new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p, "latin1")] : p)));
  const pad = (b: Uint8Array, n = 16) => {
    const out = new Uint8Array(Math.max(n, b.length));
    out.set(b);
    return out;
  };

  it("needs 12 bytes and the whole of each signature", () => {
    expect(sniffImage(pad(bytes([0xff, 0xd8, 0xff]), 12))).toBe("jpeg");
    expect(sniffImage(bytes([0xff, 0xd8, 0xff], "12345678"))).toBeNull(); // 11 bytes
    expect(sniffImage(pad(bytes([0xff, 0xd8, 0x00])))).toBeNull();
    expect(sniffImage(pad(bytes([0x00, 0xd8, 0xff])))).toBeNull();
    expect(sniffImage(pad(bytes([0xff, 0x00, 0xff])))).toBeNull();
    expect(sniffImage(pad(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a])))).toBe("png");
    expect(sniffImage(pad(bytes([0x88], "PNG", [0x0d, 0x0a])))).toBeNull();
    expect(sniffImage(pad(bytes([0x89], "PNX", [0x0d, 0x0a])))).toBeNull();
    expect(sniffImage(pad(bytes([0x89], "PNG", [0x0a, 0x0a])))).toBeNull();
    expect(sniffImage(pad(bytes([0x89], "PNG", [0x0d, 0x0d])))).toBeNull();
    expect(sniffImage(pad(bytes("RIFF", [0, 0, 0, 0], "WEBP")))).toBe("webp");
    expect(sniffImage(pad(bytes("RIFF", [0, 0, 0, 0], "WAVE")))).toBeNull();
    expect(sniffImage(pad(bytes("RIFX", [0, 0, 0, 0], "WEBP")))).toBeNull();
  });

  it("reads AVIF and HEIC from the major brand or any compatible brand within the box", () => {
    expect(sniffImage(bytes([0, 0, 0, 16], "ftypavif", [0, 0, 0, 0]))).toBe("avif");
    expect(sniffImage(bytes([0, 0, 0, 24], "ftypmif1", [0, 0, 0, 0], "miafavis"))).toBe("avif");
    expect(sniffImage(bytes([0, 0, 0, 20], "ftypmif1", [0, 0, 0, 0], "heix"))).toBe("heic");
    for (const brand of ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]) {
      expect(sniffImage(bytes([0, 0, 0, 16], `ftyp${brand}`, [0, 0, 0, 0]))).toBe("heic");
    }
    // A brand after the end of the ftyp box is something else's data.
    expect(sniffImage(bytes([0, 0, 0, 16], "ftypisom", [0, 0, 0, 0], "avif"))).toBeNull();
    expect(sniffImage(bytes([0, 0, 0, 20], "ftypisom", [0, 0, 0, 0], "avif"))).toBe("avif");
    // A box claiming to run past the file is read to the file's end only.
    expect(sniffImage(bytes([0, 0, 1, 0], "ftypisom", [0, 0, 0, 0], "heic"))).toBe("heic");
    expect(sniffImage(bytes([0, 0, 0, 24], "ftypisom", [0, 0, 0, 0], "mp41mp42"))).toBeNull();
    expect(sniffImage(bytes([0, 0, 0, 16], "moovavif", [0, 0, 0, 0]))).toBeNull();
  });

  it("names the accepted kinds for the form's message", () => {
    expect(ACCEPTED_IMAGE_LABEL).toBe("JPEG, PNG, WebP, AVIF or HEIC");
  });
});

describe("variant rules at their edges", () => {
  const ref = { hash: "0123456789abcdef", focus: { x: 30, y: 70 }, maxWidth: 700, placeholder: "" };

  it("names each file the pages ask for", () => {
    expect(displayUrl(ref, 640, "webp")).toBe("/img/0123456789abcdef-30-70-w640.webp");
    expect(ldUrl(ref, "4x3")).toBe("/img/0123456789abcdef-30-70-4x3.jpg");
    expect(ogUrl(ref)).toBe("/img/0123456789abcdef-30-70-og.jpg");
    expect(previewUrl(ref)).toBe("/img/0123456789abcdef-50-50-preview.jpg");
    expect(srcSet(ref, "avif")).toBe(
      "/img/0123456789abcdef-30-70-w320.avif 320w, /img/0123456789abcdef-30-70-w640.avif 640w",
    );
    expect(shareImage(ref)).toBe("/img/0123456789abcdef-30-70-og.jpg");
    expect(shareImage(null)).toBe("/images/stock-show.jpg");
    expect(shareImage(undefined)).toBe("/images/stock-show.jpg");
    expect(formatFocus({ x: 5, y: 100 })).toBe("5,100");
    expect(DEFAULT_FOCUS).toEqual({ x: 50, y: 50 });
  });

  it("offers a width exactly at the crop, and a tiny image at its own whole width", () => {
    expect(displayWidths(640)).toEqual([320, 640]);
    expect(displayWidths(319.7)).toEqual([319]);
    expect(displayWidths(0.4)).toEqual([1]);
  });

  it("produces every display width in three formats, three JSON-LD crops and the card, in that order", () => {
    const names = allVariants(ref).map(variantFileName);
    expect(names).toEqual([
      "0123456789abcdef-30-70-w320.avif",
      "0123456789abcdef-30-70-w320.webp",
      "0123456789abcdef-30-70-w320.jpg",
      "0123456789abcdef-30-70-w640.avif",
      "0123456789abcdef-30-70-w640.webp",
      "0123456789abcdef-30-70-w640.jpg",
      "0123456789abcdef-30-70-16x9.jpg",
      "0123456789abcdef-30-70-4x3.jpg",
      "0123456789abcdef-30-70-1x1.jpg",
      "0123456789abcdef-30-70-og.jpg",
    ]);
  });

  it("reads focal points with decimals and percent signs, rounded, and refuses anything else", () => {
    expect(parseFocus("12.4,87.6")).toEqual({ x: 12, y: 88 });
    expect(parseFocus("100%,0%")).toEqual({ x: 100, y: 0 });
    expect(parseFocus("100,100")).toEqual({ x: 100, y: 100 });
    expect(parseFocus("50,101")).toBeNull();
    expect(parseFocus("50;50")).toBeNull();
    expect(parseFocus("50,50,50")).toBeNull();
    expect(parseFocus("x50,50")).toBeNull();
    expect(parseFocus("1000,5")).toBeNull();
    expect(parseFocus("50,")).toBeNull();
    expect(parseFocus(null)).toBeNull();
    expect(parseFocus(undefined)).toBeNull();
    expect(parseFocus("")).toBeNull();
  });

  it("reads a focal point typed with two decimals on either number", () => {
    expect(parseFocus("33.33, 66.67")).toEqual({ x: 33, y: 67 });
    expect(parseFocus("12.75%, 50%")).toEqual({ x: 13, y: 50 });
    expect(parseFocus("50, 49.51")).toEqual({ x: 50, y: 50 });
  });

  it("never cuts a box wider or taller than the image, even one a pixel off the ratio", () => {
    // 1000 × 563 is 16:9 rounded: the crop is the whole image, not a box 1001 px wide.
    expect(cropBox(1000, 563, 16, 9, { x: 50, y: 50 })).toEqual({
      left: 0,
      top: 0,
      width: 1000,
      height: 563,
    });
    for (let w = 300; w <= 2000; w++) {
      for (const [rw, rh] of [
        [16, 9],
        [4, 3],
        [1, 1],
      ]) {
        const h = Math.round((w * rh) / rw);
        const box = cropBox(w, h, rw, rh, { x: 50, y: 50 });
        expect(box.left >= 0 && box.top >= 0 && box.left + box.width <= w && box.top + box.height <= h).toBe(
          true,
        );
      }
    }
  });

  it("crops a wide image to its height and keeps a box that already fits where it is", () => {
    expect(cropBox(2000, 900, 16, 9, { x: 90, y: 50 })).toEqual({
      left: 400,
      top: 0,
      width: 1600,
      height: 900,
    });
    expect(cropBox(2000, 900, 16, 9, { x: 50, y: 50 })).toEqual({
      left: 200,
      top: 0,
      width: 1600,
      height: 900,
    });
    expect(cropBox(1600, 900, 16, 9, { x: 0, y: 100 })).toEqual({
      left: 0,
      top: 0,
      width: 1600,
      height: 900,
    });
    expect(cropBox(900, 1600, 1, 1, { x: 50, y: 100 })).toEqual({
      left: 0,
      top: 700,
      width: 900,
      height: 900,
    });
  });

  it("parses each kind of variant name, and refuses forms the pipeline never writes", () => {
    expect(parseVariantName("0123456789abcdef-5-60-w960.jpg")).toEqual({
      hash: "0123456789abcdef",
      focus: { x: 5, y: 60 },
      kind: { type: "display", width: 960, format: "jpg" },
    });
    expect(parseVariantName("0123456789abcdef-5-60-preview.jpg")).toEqual({
      hash: "0123456789abcdef",
      focus: { x: 50, y: 50 },
      kind: { type: "preview" },
    });
    expect(parseVariantName("0123456789abcdef-5-60-1x1.jpg")).toEqual({
      hash: "0123456789abcdef",
      focus: { x: 5, y: 60 },
      kind: { type: "ld", ratio: "1x1" },
    });
    expect(parseVariantName("0123456789abcdef-100-100-og.jpg")?.focus).toEqual({ x: 100, y: 100 });
    for (const bad of [
      "0123456789abcdef-50-101-og.jpg",
      "0123456789abcdef-50-05-og.jpg",
      "0123456789abcdef-50-50-w0.jpg",
      "0123456789abcdef-50-50-w0640.jpg",
      "0123456789abcdef-50-50-16x9.webp",
      "0123456789abcdef-50-50-preview.avif",
      "0123456789ABCDEF-50-50-og.jpg",
      "0123456789abcdef0-50-50-og.jpg",
      "x0123456789abcdef-50-50-og.jpg",
      "0123456789abcdef-50-50-og.jpgx",
      "0123456789abcdef-50-50-2x1.jpg",
    ]) {
      expect(parseVariantName(bad)).toBeNull();
    }
  });
});

describe("which images are shown whole (issue 42)", () => {
  it("crops what a 16:9 box keeps at least three quarters of, and shows the rest whole", () => {
    expect(imageFit(1920, 1080)).toBe("crop"); // 16:9: keeps all of it
    expect(imageFit(3000, 2000)).toBe("crop"); // 3:2 photo: keeps 84 %
    expect(imageFit(2000, 1500)).toBe("crop"); // 4:3 photo: keeps 75 %, the bound
    expect(imageFit(2000, 1520)).toBe("whole"); // just under three quarters
    expect(imageFit(2000, 2000)).toBe("whole"); // square poster: 56 %
    expect(imageFit(2400, 3600)).toBe("whole"); // 2:3 portrait poster: 38 %
    expect(imageFit(4000, 1000)).toBe("whole"); // a 4:1 banner: 44 %
  });
  it("offers whole files up to the width whose height is the poster's own", () => {
    expect(maxDisplayWidth(2400, 3600, { x: 50, y: 50 })).toBe(6400);
    expect(maxDisplayWidth(300, 450, { x: 50, y: 50 })).toBe(800);
    expect(maxDisplayWidth(3000, 2000, { x: 50, y: 50 })).toBe(3000);
  });
  it("names whole files apart from crops, and parses them back", () => {
    const ref = { hash: "0123456789abcdef", focus: { x: 50, y: 50 }, maxWidth: 800, fit: "whole" as const };
    expect(displayUrl(ref, 640, "avif")).toBe("/img/0123456789abcdef-50-50-p640.avif");
    expect(ldUrl(ref, "1x1")).toBe("/img/0123456789abcdef-50-50-1x1p.jpg");
    expect(ogUrl(ref)).toBe("/img/0123456789abcdef-50-50-ogp.jpg");
    for (const v of allVariants(ref)) expect(parseVariantName(variantFileName(v))).toEqual(v);
    expect(allVariants(ref).every((v) => "whole" in v.kind && v.kind.whole)).toBe(true);
    expect(parseVariantName("0123456789abcdef-50-50-p640.avif")?.kind).toEqual({
      type: "display",
      width: 640,
      format: "avif",
      whole: true,
    });
    expect(parseVariantName("0123456789abcdef-50-50-ogpp.jpg")).toBeNull();
    expect(parseVariantName("0123456789abcdef-50-50-preview.jpgp")).toBeNull();
  });
  it("an image answers only the names of its own fit", () => {
    const crop = parseVariantName("0123456789abcdef-50-50-w640.avif")!;
    const whole = parseVariantName("0123456789abcdef-50-50-p640.avif")!;
    expect([
      fitsImage(crop, { width: 3000, height: 2000 }),
      fitsImage(whole, { width: 3000, height: 2000 }),
    ]).toEqual([true, false]);
    expect([
      fitsImage(crop, { width: 2400, height: 3600 }),
      fitsImage(whole, { width: 2400, height: 3600 }),
    ]).toEqual([false, true]);
  });
});

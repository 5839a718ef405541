import { describe, expect, it } from "vitest";
import {
  HEADSHOT_FOCUS,
  headshotFocus,
  headshotImage,
  headshotSide,
  headshotSrcSet,
  headshotUrl,
  headshotVariants,
  headshotWidths,
  initials,
} from "~/lib/headshots";
import { cropBox, fitsImage, parseVariantName, variantFileName } from "~/lib/image-variants";

/** Issue 42 (item 6): a comedian's headshot as square crops through the posters' pipeline. */
const ref = { hash: "0123456789abcdef", focus: { x: 50, y: 30 }, side: 800, placeholder: "" };

describe("headshot focal point", () => {
  it("defaults to the upper middle (a face), not the poster's centre; a stored point wins", () => {
    expect(HEADSHOT_FOCUS).toEqual({ x: 50, y: 30 });
    expect(headshotFocus(null)).toEqual({ x: 50, y: 30 });
    expect(headshotFocus("")).toEqual({ x: 50, y: 30 });
    expect(headshotFocus("not a point")).toEqual({ x: 50, y: 30 });
    expect(headshotFocus("20,10")).toEqual({ x: 20, y: 10 });
    expect(headshotFocus("0,100")).toEqual({ x: 0, y: 100 });
  });

  it("the square of a portrait photo keeps the face: the default crops from the top, not the middle", () => {
    // A 1200×1800 head-and-shoulders photo: the square is 1200 wide, centred 30 % down.
    expect(cropBox(1200, 1800, 1, 1, HEADSHOT_FOCUS)).toEqual({ left: 0, top: 0, width: 1200, height: 1200 });
    expect(cropBox(1200, 3000, 1, 1, HEADSHOT_FOCUS)).toEqual({
      left: 0,
      top: 300,
      width: 1200,
      height: 1200,
    });
    // A landscape photo keeps the full height, centred across.
    expect(cropBox(1800, 1200, 1, 1, HEADSHOT_FOCUS)).toEqual({
      left: 300,
      top: 0,
      width: 1200,
      height: 1200,
    });
    // The last pixel: a point on the edge keeps the square inside the image.
    expect(cropBox(1800, 1200, 1, 1, { x: 100, y: 100 })).toEqual({
      left: 600,
      top: 0,
      width: 1200,
      height: 1200,
    });
  });
});

describe("headshot files", () => {
  it("offers 96, 192, 320 and 512 px squares, never larger than the photo's shorter side", () => {
    expect(headshotSide({ width: 1200, height: 1800 })).toBe(1200);
    expect(headshotWidths(2560)).toEqual([96, 192, 320, 512]);
    expect(headshotWidths(512)).toEqual([96, 192, 320, 512]);
    expect(headshotWidths(511)).toEqual([96, 192, 320]);
    expect(headshotWidths(96)).toEqual([96]);
    expect(headshotWidths(60)).toEqual([60]);
  });

  it("names each square by hash, focal point and width, and /img reads the name back", () => {
    expect(headshotUrl(ref, 192, "avif")).toBe("/img/0123456789abcdef-50-30-s192.avif");
    expect(headshotSrcSet(ref, "webp")).toBe(
      "/img/0123456789abcdef-50-30-s96.webp 96w, /img/0123456789abcdef-50-30-s192.webp 192w, " +
        "/img/0123456789abcdef-50-30-s320.webp 320w, /img/0123456789abcdef-50-30-s512.webp 512w",
    );
    expect(headshotImage(ref)).toBe("/img/0123456789abcdef-50-30-s512.jpg");
    expect(headshotImage({ ...ref, side: 300 })).toBe("/img/0123456789abcdef-50-30-s192.jpg");
    const parsed = parseVariantName("0123456789abcdef-50-30-s320.webp");
    expect(parsed).toEqual({
      hash: "0123456789abcdef",
      focus: { x: 50, y: 30 },
      kind: { type: "square", width: 320, format: "webp" },
    });
    expect(variantFileName(parsed!)).toBe("0123456789abcdef-50-30-s320.webp");
    expect(parseVariantName("0123456789abcdef-50-30-s0320.webp")).toBeNull();
    expect(parseVariantName("0123456789abcdef-50-30-s.webp")).toBeNull();
  });

  it("every width in every format is rendered after a save; a square fits any image", () => {
    const files = headshotVariants(ref).map(variantFileName);
    expect(files).toHaveLength(12);
    expect(files).toContain("0123456789abcdef-50-30-s96.avif");
    expect(files).toContain("0123456789abcdef-50-30-s512.jpg");
    const square = parseVariantName("0123456789abcdef-50-30-s96.jpg")!;
    expect(fitsImage(square, { width: 2400, height: 3600 })).toBe(true);
    expect(fitsImage(square, { width: 1600, height: 900 })).toBe(true);
  });
});

describe("the placeholder's initials", () => {
  it("takes the first and last names' first letters, upper case", () => {
    expect(initials("Omar Haddad")).toBe("OH");
    expect(initials("priya nair")).toBe("PN");
    expect(initials("Jean-Luc Tremblay")).toBe("JT");
    expect(initials("Mary Anne O'Neil")).toBe("MO");
    expect(initials("Élodie Roy")).toBe("ÉR");
    expect(initials("Cher")).toBe("C");
    expect(initials("  ")).toBe("?");
    expect(initials("“Big” Mike")).toBe("BM");
  });
});

/**
 * Issue 16: the home page's largest first-view element on a phone is the first show card's
 * poster; its head asks for it before the styles, like the event pages' hero.
 */
import { describe, expect, it } from "vitest";
import { ROW_CARD_SIZES } from "~/components/shows/show-image";
import { srcSet, type ShowImageRef } from "~/lib/image-variants";
import { meta } from "~/routes/_index";

const image: ShowImageRef = {
  hash: "0123456789abcdef",
  focus: { x: 40, y: 60 },
  maxWidth: 3000,
  placeholder: "data:image/webp;base64,UklGRg==",
};

type MetaArgs = Parameters<typeof meta>[0];
const run = (data: unknown) => meta({ data } as MetaArgs) as Record<string, unknown>[];

describe("home page head", () => {
  it("preloads the first card's poster at the row card's sizes, at high priority", () => {
    const tags = run({
      origin: "https://laugh.test",
      grid: [1, 0],
      items: [{ show: { image: null } }, { show: { image } }],
    });
    const preloads = tags.filter((t) => t.rel === "preload");
    expect(preloads).toEqual([
      {
        tagName: "link",
        rel: "preload",
        as: "image",
        type: "image/avif",
        imageSrcSet: srcSet(image, "avif"),
        // Issue 42: on a phone the home grid's cards are rows with a 7.5rem poster.
        imageSizes: ROW_CARD_SIZES,
        fetchpriority: "high",
      },
    ]);
    expect(tags.some((t) => "title" in t)).toBe(true);
  });

  it("preloads nothing when the first card has no processed poster, or there is no card", () => {
    expect(
      run({ origin: "https://laugh.test", grid: [0], items: [{ show: { image: null } }] }).filter(
        (t) => t.rel === "preload",
      ),
    ).toEqual([]);
    expect(
      run({ origin: "https://laugh.test", grid: [], items: [] }).filter((t) => t.rel === "preload"),
    ).toEqual([]);
  });
});

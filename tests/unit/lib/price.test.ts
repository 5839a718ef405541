import { describe, expect, it } from "vitest";
import { cardPriceText, detailPriceText, priceAmount } from "~/lib/price";

// What a visitor reads on a card and on the event page, and the amount the JSON-LD offer carries.
describe("price text on cards and event pages", () => {
  it("adds the dollar sign to a bare amount, cents included", () => {
    expect(cardPriceText("25.50")).toBe("From $25.50");
    expect(detailPriceText("25.5")).toBe("Starting at $25.5");
    expect(detailPriceText("25")).toBe("Starting at $25");
  });

  it("ignores spaces around what staff typed", () => {
    expect(cardPriceText("  $25  ")).toBe("From $25");
    expect(detailPriceText(" 25 ")).toBe("Starting at $25");
    expect(cardPriceText("   ")).toBe("TBA");
    expect(detailPriceText(" TBA ")).toBe("TBA");
  });

  it("keeps a written price as written: no dollar sign glued onto a number that starts a sentence", () => {
    expect(cardPriceText("2 for $30")).toBe("From 2 for $30");
    expect(cardPriceText("25.505")).toBe("From 25.505");
    expect(detailPriceText("$20 at the door")).toBe("Starting at $20 at the door");
  });

  it("reads only a price that is exactly TBA as no price", () => {
    expect(cardPriceText("TbA")).toBe("TBA");
    expect(cardPriceText("$15 at the door, advance price tba")).toBe(
      "From $15 at the door, advance price tba",
    );
    expect(detailPriceText("TBA soon; $20 at the door")).toBe("Starting at TBA soon; $20 at the door");
  });

  it("says Free for a free show, never 'From Free'", () => {
    expect(cardPriceText("Free")).toBe("Free");
    expect(cardPriceText(" free admission ")).toBe("Free");
    expect(detailPriceText("FREE")).toBe("Free");
  });

  it("does not call a paid show free because the word appears later", () => {
    expect(cardPriceText("$10, free for members")).toBe("From $10, free for members");
    expect(detailPriceText("$10, free for members")).toBe("Starting at $10, free for members");
    expect(cardPriceText("Freedom Fest pass")).toBe("From Freedom Fest pass");
  });
});

describe("priceAmount (the offer price in structured data)", () => {
  it("is null when there is no price", () => {
    expect(priceAmount(null)).toBeNull();
    expect(priceAmount(undefined)).toBeNull();
    expect(priceAmount("")).toBeNull();
    expect(priceAmount("TBA")).toBeNull();
  });

  it("is 0 for a free show", () => {
    expect(priceAmount("Free")).toBe("0");
    expect(priceAmount("Admission is FREE")).toBe("0");
  });

  it("keeps the cents and reads thousands written with a comma", () => {
    expect(priceAmount("$25.55")).toBe("25.55");
    expect(priceAmount("25.50 CAD")).toBe("25.50");
    expect(priceAmount("$1,250 for the table")).toBe("1250");
    expect(priceAmount("$30")).toBe("30");
  });
});

describe("price text", () => {
  it("reads From/Starting at, TBA when empty", () => {
    expect(cardPriceText("$25")).toBe("From $25");
    expect(cardPriceText("25")).toBe("From $25");
    expect(cardPriceText("")).toBe("TBA");
    expect(cardPriceText(null)).toBe("TBA");
    expect(cardPriceText("tba")).toBe("TBA");
    expect(detailPriceText("$25")).toBe("Starting at $25");
    expect(detailPriceText(null)).toBe("TBA");
  });
});

describe("prices as visitors read them", () => {
  it("a free show says Free, never 'From Free' or 'Starting at Free'", () => {
    expect(cardPriceText("Free")).toBe("Free");
    expect(detailPriceText("Free")).toBe("Free");
  });
  it("a range keeps its minimum as From; another currency keeps its sign", () => {
    expect(cardPriceText("$45")).toBe("From $45");
    expect(cardPriceText("US$20")).toBe("From US$20");
    expect(detailPriceText("US$20")).toBe("Starting at US$20");
  });
});

import { describe, expect, it } from "vitest";
import { pageOf } from "~/lib/paging";

describe("pageOf (the staff dashboard's pages)", () => {
  it("cuts a long list into bounded pages", () => {
    expect(pageOf(2000, null, 250)).toEqual({ page: 1, pages: 8, start: 0, end: 250, total: 2000 });
    expect(pageOf(2000, "8", 250)).toEqual({ page: 8, pages: 8, start: 1750, end: 2000, total: 2000 });
  });
  it("takes odd or out-of-range pages as the nearest real one", () => {
    expect(pageOf(2000, "99", 250).page).toBe(8);
    expect(pageOf(2000, "0", 250).page).toBe(1);
    expect(pageOf(2000, "-3", 250).page).toBe(1);
    expect(pageOf(2000, "2abc", 250).page).toBe(1);
    expect(pageOf(2000, "abc2", 250).page).toBe(1);
    expect(pageOf(0, "2", 250)).toEqual({ page: 1, pages: 1, start: 0, end: 0, total: 0 });
  });
});

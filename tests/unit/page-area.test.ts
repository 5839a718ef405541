import { describe, expect, it } from "vitest";
import { pageArea, pageTheme } from "~/lib/page-area";

describe("pageArea and pageTheme", () => {
  it("puts /vote and the results views in the dark room", () => {
    for (const p of ["/vote", "/vote/", "/results", "/results/stream", "/VOTE"]) {
      expect(pageArea(p)).toBe("room");
      expect(pageTheme(p)).toBe("dark");
    }
  });
  it("gives staff pages the staff chrome and the light theme, but not the login page", () => {
    for (const p of [
      "/admin",
      "/admin/events/3",
      "/booking",
      "/manage-comedians",
      "/debug/4",
      "/test-delete",
    ]) {
      expect(pageArea(p)).toBe("staff");
      expect(pageTheme(p)).toBe("light");
    }
    expect(pageArea("/admin/login")).toBe("public");
    expect(pageArea("/admin/login//")).toBe("public");
  });
  it("lets every public page follow the system setting, including look-alike paths", () => {
    for (const p of [
      "/",
      "/calendar",
      "/event/1",
      "/voters",
      "/results-2024",
      "/administration",
      "/bookings",
    ]) {
      expect(pageArea(p)).toBe("public");
      expect(pageTheme(p)).toBe("auto");
    }
  });
});

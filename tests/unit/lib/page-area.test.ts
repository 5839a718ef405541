import { describe, expect, it } from "vitest";
import { pageArea, pageHeader, pageTheme } from "~/lib/page-area";

describe("pageArea and pageTheme", () => {
  it("puts /vote and the results views in the room: phones always dark, the host's screen as their device is set", () => {
    for (const p of ["/vote", "/vote/", "/results", "/results/stream", "/VOTE"])
      expect(pageArea(p)).toBe("room");
    for (const p of ["/vote", "/vote/", "/VOTE"]) expect(pageTheme(p)).toBe("dark");
    for (const p of ["/results", "/results/stream", "/RESULTS"]) expect(pageTheme(p)).toBe("auto");
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
    // The sign-in's code step (issue 38) is still the way in; the two-factor set-up is staff's.
    expect(pageArea("/admin/login/code")).toBe("public");
    expect(pageTheme("/admin/login/code/")).toBe("auto");
    expect(pageArea("/admin/two-factor")).toBe("staff");
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
  it("gives signed-in staff the staff header on the results views, and only there among room pages", () => {
    for (const p of ["/results", "/results/", "/RESULTS", "/results/host"])
      expect([pageHeader(p, true), pageHeader(p, false)]).toEqual(["staff", "public"]);
    for (const p of ["/vote", "/results-2024", "/", "/event/1", "/admin/login"])
      expect(pageHeader(p, true)).toBe("public");
    for (const p of ["/admin", "/booking"]) expect(pageHeader(p, false)).toBe("staff");
  });
});

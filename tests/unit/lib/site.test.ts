import { describe, expect, it } from "vitest";
import { ABOUT_PAGE } from "~/lib/about";
import { ARCHIVE_QUESTION, autoArchivedMessage, notFoundMessage } from "~/lib/admin-messages";
import { SITE } from "~/lib/site";

// The fixed copy of the site (app/lib/site.ts, about.ts, admin-messages.ts): a blank
// heading, an empty list or a broken link is what a visitor would notice.
const allStrings = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(allStrings)
      : value && typeof value === "object"
        ? Object.values(value).flatMap(allStrings)
        : [];

describe("brand facts", () => {
  it("names the site, its region and a contact address, with no blank text", () => {
    expect(SITE.name).toBe("Laugh Windsor");
    expect(SITE.region).toMatch(/Windsor-Essex/);
    expect(SITE.email).toMatch(/^[^\s@]+@laughwindsor\.ca$/);
    expect(SITE.fallbackImage).toMatch(/^\/images\/.+\.svg$/);
    for (const text of allStrings(SITE)) expect(text.trim().length, JSON.stringify(text)).toBeGreaterThan(0);
  });

  it("links Instagram, Facebook and TikTok on their own sites", () => {
    expect(SITE.social.map((s) => s.name)).toEqual(["Instagram", "Facebook", "TikTok"]);
    for (const s of SITE.social) expect(new URL(s.href).hostname).toBe(`www.${s.name.toLowerCase()}.com`);
  });
});

describe("the about page", () => {
  it("has three press features, each with an outlet, a headline and an https link", () => {
    expect(ABOUT_PAGE.press).toHaveLength(3);
    for (const item of ABOUT_PAGE.press) {
      expect(item.outlet.trim()).not.toBe("");
      expect(item.title.trim()).not.toBe("");
      expect(new URL(item.href).protocol).toBe("https:");
    }
  });

  it("tells the story, the mission and what we do, with no blank line", () => {
    expect(ABOUT_PAGE.story).toHaveLength(2);
    expect(ABOUT_PAGE.mission).toHaveLength(4);
    expect(ABOUT_PAGE.whatWeDo).toHaveLength(4);
    for (const text of allStrings(ABOUT_PAGE))
      expect(text.trim().length, JSON.stringify(text)).toBeGreaterThan(5);
  });
});

describe("staff messages", () => {
  it("says which event was not found and how many were archived", () => {
    expect(notFoundMessage(42)).toBe("Event with ID 42 not found");
    expect(notFoundMessage("x")).toBe("Event with ID x not found");
    expect(autoArchivedMessage(3)).toBe("Automatically archived 3 past events");
    expect(ARCHIVE_QUESTION).toBe(
      "Are you sure you want to archive this event? It will be moved to the archive.",
    );
  });
});

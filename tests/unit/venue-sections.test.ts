import { describe, expect, it } from "vitest";
import { venueFormInput, venueFormSchema } from "~/lib/forms/venue";
import { formatLinks, formatSections, parseLinks, parseSections } from "~/lib/venue-sections";

describe("venue page sections as staff type them", () => {
  it("reads headings, paragraphs and list items, and writes them back the same way", () => {
    const text =
      "## The comedy nights\r\nTuesday showcases.\n\n## Plan your visit\n- Doors open at 7.\n* Bring ID.\nParking on site.";
    const parsed = parseSections(text);
    expect(parsed).toEqual({
      ok: true,
      value: [
        { heading: "The comedy nights", paragraphs: ["Tuesday showcases."] },
        {
          heading: "Plan your visit",
          items: ["Doors open at 7.", "Bring ID."],
          paragraphs: ["Parking on site."],
        },
      ],
    });
    if (parsed.ok) expect(parseSections(formatSections(parsed.value))).toEqual(parsed);
    expect(parseSections("")).toEqual({ ok: true, value: [] });
  });
  it("refuses text before the first heading and an empty heading", () => {
    expect(parseSections("Just a line")).toMatchObject({
      ok: false,
      message: expect.stringContaining("## Heading"),
    });
    expect(parseSections("##  \nx")).toMatchObject({ ok: false });
  });
  it("reads 'Label | /path' links to this site or https, nothing else", () => {
    expect(parseLinks("See the calendar | /calendar\nTickets | https://example.com/t")).toEqual({
      ok: true,
      value: [
        { label: "See the calendar", to: "/calendar" },
        { label: "Tickets", to: "https://example.com/t" },
      ],
    });
    expect(formatLinks([{ label: "A", to: "/a" }])).toBe("A | /a");
    for (const bad of [
      "No bar here",
      "X | javascript:alert(1)",
      "X | //evil.example",
      "X | http://plain.example",
      " | /a",
    ]) {
      expect(parseLinks(bad).ok).toBe(false);
    }
  });
  it("the venue form stores them parsed, and refuses bad ones with a message", () => {
    const form = new FormData();
    form.set("name", "Hall");
    form.set("sections", "## Hi\nThere");
    form.set("pageLinks", "Home | /");
    form.set("aboutOrder", "2");
    expect(venueFormSchema.parse(venueFormInput(form))).toMatchObject({
      sections: [{ heading: "Hi", paragraphs: ["There"] }],
      pageLinks: [{ label: "Home", to: "/" }],
      aboutOrder: 2,
    });
    form.set("aboutOrder", "first");
    form.set("pageLinks", "Home | javascript:x");
    const bad = venueFormSchema.safeParse(venueFormInput(form));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(["aboutOrder", "pageLinks"]);
  });
});

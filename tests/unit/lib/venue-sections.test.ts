import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { venueFormSchema } from "~/lib/forms/venue";
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
    // Through Conform, as the form pipeline reads the post.
    const good = parseWithZod(form, { schema: venueFormSchema });
    expect(good.status === "success" && good.value).toMatchObject({
      sections: [{ heading: "Hi", paragraphs: ["There"] }],
      pageLinks: [{ label: "Home", to: "/" }],
      aboutOrder: 2,
    });
    form.set("aboutOrder", "first");
    form.set("pageLinks", "Home | javascript:x");
    const bad = parseWithZod(form, { schema: venueFormSchema });
    expect(bad.status).toBe("error");
    expect(Object.keys((bad.status === "error" && bad.error) || {}).sort()).toEqual([
      "aboutOrder",
      "pageLinks",
    ]);
  });
});

describe("venue sections and links at their edges", () => {
  it("tells staff exactly what is wrong, quoting the line", () => {
    expect(parseSections("Just a line")).toEqual({
      ok: false,
      message: "Start each section with a heading line: ## Heading",
    });
    expect(parseSections("## \nx")).toEqual({
      ok: false,
      message: "A section heading (## …) needs some text",
    });
    expect(parseLinks("No bar here")).toEqual({
      ok: false,
      message: 'Write each link as "Label | /path": "No bar here"',
    });
    expect(parseLinks(`Label | ${"/x".repeat(40)} y`)).toEqual({
      ok: false,
      message: `A link goes to a path on this site (/calendar) or an https:// address: "${`${"/x".repeat(40)} y`.slice(0, 60)}"`,
    });
    expect((parseLinks(`${"L".repeat(80)} no bar`) as { message: string }).message).toBe(
      `Write each link as "Label | /path": "${"L".repeat(60)}"`,
    );
  });

  it("a heading needs the space after ##; list items need the space after - or *", () => {
    expect(parseSections("## A\n##B\n-C\n*D\n- E ")).toEqual({
      ok: true,
      value: [{ heading: "A", paragraphs: ["##B", "-C", "*D"], items: ["E"] }],
    });
  });

  it("a label may hold a bar: the last bar starts the target; an empty target is refused", () => {
    expect(parseLinks("Beer | wine | /menu")).toEqual({
      ok: true,
      value: [{ label: "Beer | wine", to: "/menu" }],
    });
    expect(parseLinks("Label |").ok).toBe(false);
    expect(parseLinks("|/a").ok).toBe(false);
    expect(parseLinks("A | /a b").ok).toBe(false);
    expect(parseLinks("A | https:///x").ok).toBe(false);
    expect(parseLinks("A | HTTPS://Example.com\r\n\r\nB | /b\rC | /c")).toEqual({
      ok: true,
      value: [
        { label: "A", to: "HTTPS://Example.com" },
        { label: "B", to: "/b" },
        { label: "C", to: "/c" },
      ],
    });
    expect(parseLinks("A | x/https://example.com").ok).toBe(false);
    expect(parseLinks("A | /a\nB | x /b").ok).toBe(false);
  });

  it("writes nothing for no sections or links, and separates sections by a blank line", () => {
    expect(formatSections(null)).toBe("");
    expect(formatLinks(undefined)).toBe("");
    expect(
      formatSections([
        { heading: "A", items: ["x"] },
        { heading: "B", paragraphs: ["p"] },
      ]),
    ).toBe("## A\n- x\n\n## B\np");
    expect(
      formatLinks([
        { label: "A", to: "/a" },
        { label: "B", to: "/b" },
      ]),
    ).toBe("A | /a\nB | /b");
  });
});

describe("venue sections: what staff type, as they type it", () => {
  it("reads indented lines, old Mac line breaks, and dashes inside a sentence as text", () => {
    expect(parseSections("  ## A  \r  Wine - and cheese  \r-   Bring ID  ")).toEqual({
      ok: true,
      value: [{ heading: "A", paragraphs: ["Wine - and cheese"], items: ["Bring ID"] }],
    });
  });

  it("skips blank lines between links and says which part of a link is missing", () => {
    expect(parseLinks("A | /a\n   \nB | /b")).toEqual({
      ok: true,
      value: [
        { label: "A", to: "/a" },
        { label: "B", to: "/b" },
      ],
    });
    expect(parseLinks("Label |")).toEqual({
      ok: false,
      message: 'Write each link as "Label | /path": "Label |"',
    });
    expect(parseLinks("A | https://example.com x").ok).toBe(false);
  });
});

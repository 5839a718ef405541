/**
 * The marketing sections and calls to action of a venue page as staff type them in one
 * textarea each (/admin/venues/{id}), and back. Pure rules.
 *
 * Sections:            Links, one a line:
 *   ## The comedy nights   See the calendar | /calendar
 *   A paragraph.           Visit the club | /tipsy-toucan
 *   - A list item
 */
import { isSitePath } from "./site-path";
import { isWebUrl } from "./web-url";

export type VenueSection = { heading: string; paragraphs?: string[]; items?: string[] };
export type VenuePageLink = { to: string; label: string };

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export function formatSections(sections: VenueSection[] | null | undefined): string {
  return (sections ?? [])
    .map((s) =>
      [`## ${s.heading}`, ...(s.paragraphs ?? []), ...(s.items ?? []).map((i) => `- ${i}`)].join("\n"),
    )
    .join("\n\n");
}

export function parseSections(text: string): Parsed<VenueSection[]> {
  const sections: VenueSection[] = [];
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    // The line is trimmed, so an empty heading typed as "## " arrives as "##".
    if (line === "##" || line.startsWith("## ")) {
      const heading = line.slice(2).trim();
      if (!heading) return { ok: false, message: "A section heading (## …) needs some text" };
      sections.push({ heading });
      continue;
    }
    const current = sections[sections.length - 1];
    if (!current) return { ok: false, message: "Start each section with a heading line: ## Heading" };
    if (/^[-*] /.test(line)) (current.items ??= []).push(line.slice(2).trim());
    else (current.paragraphs ??= []).push(line);
  }
  return { ok: true, value: sections };
}

export function formatLinks(links: VenuePageLink[] | null | undefined): string {
  return (links ?? []).map((l) => `${l.label} | ${l.to}`).join("\n");
}

/** "Label | /path" lines; a target is a path on this site or an https:// address. */
export function parseLinks(text: string): Parsed<VenuePageLink[]> {
  const links: VenuePageLink[] = [];
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const bar = line.lastIndexOf("|");
    const label = bar > 0 ? line.slice(0, bar).trim() : "";
    const to = bar > 0 ? line.slice(bar + 1).trim() : "";
    if (!label || !to)
      return { ok: false, message: `Write each link as "Label | /path": "${line.slice(0, 60)}"` };
    if (!isSitePath(to) && !(/^https:\/\/[^\s/]/i.test(to) && isWebUrl(to))) {
      return {
        ok: false,
        message: `A link goes to a path on this site (/calendar) or an https:// address: "${to.slice(0, 60)}"`,
      };
    }
    links.push({ label, to });
  }
  return { ok: true, value: links };
}

/**
 * Prints the hand-written data block of migration 0006 (issue 17) from scripts/seeds/venue-data.ts:
 * `npx tsx scripts/venue-migration-sql.ts`. Kept so the block can be regenerated when the
 * migrations are squashed; the migration file holds its output verbatim.
 */
import { SPEC_VENUES } from "./seeds/venue-data";

const q = (v: unknown) =>
  v === null || v === undefined
    ? "NULL"
    : typeof v === "number"
      ? String(v)
      : `'${String(v).replace(/'/g, "''")}'`;
const COLUMNS: [string, string][] = [
  ["address1", "address_1"],
  ["address2", "address_2"],
  ["city", "city"],
  ["region", "region"],
  ["postalCode", "postal_code"],
  ["country", "country"],
  ["latitude", "latitude"],
  ["longitude", "longitude"],
  ["phone", "phone"],
  ["website", "website"],
  ["accessibilityNotes", "accessibility_notes"],
  ["agePolicy", "age_policy"],
  ["doorsNotes", "doors_notes"],
  ["parkingNotes", "parking_notes"],
  ["pageTitle", "page_title"],
  ["pageDescription", "page_description"],
  ["intro", "intro"],
  ["cardText", "card_text"],
  ["sections", "sections"],
  ["pageLinks", "page_links"],
  ["aboutOrder", "about_order"],
];
const out: string[] = [];
const specSlugs = SPEC_VENUES.map((v) => q(v.slug)).join(", ");
for (const v of SPEC_VENUES) {
  const rec = v as unknown as Record<string, unknown>;
  const value = (key: string) =>
    key === "sections" || key === "pageLinks"
      ? rec[key] == null
        ? null
        : JSON.stringify(rec[key])
      : rec[key];
  out.push(`-- ${v.name} → /${v.slug}`);
  // An existing record of the same name (migration 0004 made one per venue text) takes the spec's slug.
  out.push(
    `UPDATE \`venues\` SET \`slug\` = ${q(v.slug)} WHERE \`id\` = (SELECT min(\`id\`) FROM \`venues\` WHERE lower(trim(\`name\`)) = lower(${q(v.name)})) AND NOT EXISTS (SELECT 1 FROM \`venues\` WHERE \`slug\` = ${q(v.slug)});--> statement-breakpoint`,
  );
  // Insert it, or fill only the fields that are still empty (staff values are never overwritten).
  const cols = ["slug", "name", ...COLUMNS.map(([, c]) => c)];
  const vals = [q(v.slug), q(v.name), ...COLUMNS.map(([k]) => q(value(k)))];
  const fills = COLUMNS.map(([, c]) => `\`${c}\` = coalesce(\`venues\`.\`${c}\`, excluded.\`${c}\`)`).join(
    ", ",
  );
  out.push(
    `INSERT INTO \`venues\` (${cols.map((c) => `\`${c}\``).join(", ")}) VALUES (${vals.join(", ")}) ON CONFLICT(\`slug\`) DO UPDATE SET ${fills};--> statement-breakpoint`,
  );
  if (v.legacyMatch) {
    // Shows the old venue page listed (venue text containing its match) move to this record,
    // unless they point at a platform venue or a record with an address of its own.
    out.push(
      `UPDATE \`events\` SET \`venue_id\` = (SELECT \`id\` FROM \`venues\` WHERE \`slug\` = ${q(v.slug)}) WHERE instr(lower(\`venue\`), ${q(v.legacyMatch)}) > 0 AND (\`venue_id\` IS NULL OR \`venue_id\` IN (SELECT \`id\` FROM \`venues\` WHERE \`external_id\` IS NULL AND \`address_1\` IS NULL AND \`city\` IS NULL AND \`postal_code\` IS NULL AND \`latitude\` IS NULL AND \`slug\` NOT IN (${specSlugs})));--> statement-breakpoint`,
    );
  }
}
console.log(out.join("\n").replace(/--> statement-breakpoint$/, ""));

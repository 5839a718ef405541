/**
 * The event form's venue (issue 42): a choice among the venue records (a native select, so it
 * works without JavaScript), "TBA", "Online", or "New venue…" with the new venue's name and town.
 * The form posts `venueId` (the choice) and, for a new venue, `venue` (its name) and `venueCity`.
 * The select decides: the name and town are read only with "New venue…", or when nothing was
 * chosen (an older form, a script: a new venue by that name). The model then takes the record of
 * that name when there is one (`pickOrCreateVenue`).
 */

/** The choices that are not a record's id. */
export const VENUE_CHOICE = { tba: "tba", online: "online", new: "new" } as const;

/** The venue text of a show with no venue record (the spec's placeholder "TBA", and online shows). */
const NAMELESS: Record<string, string> = { [VENUE_CHOICE.tba]: "TBA", [VENUE_CHOICE.online]: "Online" };

export const VENUE_MESSAGES = {
  pick: "Choose a venue",
  newName: "Enter the new venue's name",
} as const;

/** A venue record as the picker lists it. */
export type VenueOption = { id: number; name: string; city: string | null };

/** What the form's venue fields mean once checked. */
export type VenuePick =
  | { kind: "record"; id: number }
  | { kind: "nameless"; venue: string }
  | { kind: "new"; venue: string; city: string | null };

/**
 * The venue fields as posted → what they mean, or the problem with them (the field it belongs to
 * and its message; "required" when nothing was chosen, which the form's summary reports).
 */
export function readVenueChoice(input: {
  venueId?: string;
  venue?: string;
  venueCity?: string;
}):
  | { ok: true; pick: VenuePick }
  | { ok: false; field: "venueId" | "venue"; message: string; required?: boolean } {
  const choice = input.venueId?.trim() ?? "";
  const name = input.venue?.trim() ?? "";
  const city = input.venueCity?.trim() || null;
  if (choice === "" && name === "")
    return { ok: false, field: "venueId", message: "Required", required: true };
  if (choice === VENUE_CHOICE.new || choice === "") {
    if (!name) return { ok: false, field: "venue", message: VENUE_MESSAGES.newName };
    // "TBA" typed as a name is the placeholder, not a venue called TBA.
    const nameless = Object.values(NAMELESS).find((v) => v.toLowerCase() === name.toLowerCase());
    return {
      ok: true,
      pick: nameless ? { kind: "nameless", venue: nameless } : { kind: "new", venue: name, city },
    };
  }
  // The select decides: a new venue's name left in its box (no JavaScript hides it) is not used.
  if (NAMELESS[choice]) return { ok: true, pick: { kind: "nameless", venue: NAMELESS[choice] } };
  if (!/^[1-9]\d{0,14}$/.test(choice)) return { ok: false, field: "venueId", message: VENUE_MESSAGES.pick };
  return { ok: true, pick: { kind: "record", id: Number(choice) } };
}

/**
 * The picker's starting values for a show (Edit), a loaded page (Load details from URL) or an
 * empty form: its record when it has one; "TBA" or "Online"; the record whose name is the show's
 * venue text (any case); otherwise "New venue…" with that text, so a show whose venue matches no
 * record (a synced show without a platform venue) still saves, and saving gives it a record.
 */
export function venueChoiceDefaults(
  show: { venue?: string | null; venueId?: number | string | null },
  records: VenueOption[],
): { venueId: string; venue: string } {
  const id = show.venueId ? Number(show.venueId) : null;
  if (id && records.some((r) => r.id === id)) return { venueId: String(id), venue: "" };
  const text = show.venue?.trim() ?? "";
  if (!text) return { venueId: "", venue: "" };
  const nameless = Object.entries(NAMELESS).find(([, v]) => v.toLowerCase() === text.toLowerCase());
  if (nameless) return { venueId: nameless[0], venue: "" };
  const named = records.find((r) => r.name.trim().toLowerCase() === text.toLowerCase());
  if (named) return { venueId: String(named.id), venue: "" };
  return { venueId: VENUE_CHOICE.new, venue: text };
}

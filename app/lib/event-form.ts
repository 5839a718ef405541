import { z } from "zod";
import { formatTime12, isIsoDate, normalizeTime } from "./dates";
import { houseRuleFields, houseRulesFromFields, houseRulesToFields } from "./forms/house-rules";
import type { HouseRules } from "./house-rules";
import { parseId } from "./ids";
import { parseFocus, type Focus } from "./image-variants";
import { lineupProblems, type LineupRole } from "./lineup";
import { readVenueChoice, type VenueOption, venueChoiceDefaults } from "./venue-choice";
import { isWebUrl } from "./web-url";
import { formatInZone } from "./zoned-time";

/**
 * The staff event form (Add New Event and Edit): one schema for the browser constraints,
 * the client check and the server parse. Every field is read as optional text first so the
 * object-level check always runs and can report all missing fields at once, with the
 * spec's summary messages at the form level.
 */
export const REQUIRED_FIELDS_MESSAGE = "Please fill in all required fields";
export const RECURRING_FIELDS_MESSAGE = "Please fill in all fields for the recurring date";

/** Upper bounds on the staff form's text (a 1 MB body could otherwise store a 1 MB title). */
export const EVENT_FIELD_MAX = {
  title: 200,
  description: 20_000,
  venue: 200,
  url: 2_000,
  price: 100,
  short: 40,
} as const;

const bounded = (max: number) =>
  z.string().trim().max(max, `Please keep this under ${max} characters`).optional();
const text = bounded(EVENT_FIELD_MAX.short);
const url = bounded(EVENT_FIELD_MAX.url);
const price = bounded(EVENT_FIELD_MAX.price);

const recurringDateInput = z.object({
  date: text,
  time: text,
  ticketUrl: url,
  price,
});

/** The form's fields as posted (browser constraints come from this shape). */
export const eventFormFields = z.object({
  /** The event form posts no intent (or "save"); see `eventPageSchema`. */
  intent: z.literal("save").optional(),
  title: bounded(EVENT_FIELD_MAX.title),
  description: bounded(EVENT_FIELD_MAX.description),
  date: text,
  time: text,
  endTime: text,
  /** Issue 42: the venue picked (a record's id, "tba", "online" or "new"; app/lib/venue-choice.ts). */
  venueId: text,
  /** A new venue's name (with "New venue…", or posted alone). */
  venue: bounded(EVENT_FIELD_MAX.venue),
  /** A new venue's town. */
  venueCity: bounded(EVENT_FIELD_MAX.venue),
  ticketUrl: url,
  imageUrl: url,
  /** Focal point of the poster, "x,y" in percent (clicked on the image with JavaScript). */
  imageFocus: text,
  price,
  dates: z.array(recurringDateInput).max(200, "At most 200 recurring dates").optional(),
  /** The line-up in running order (see app/lib/lineup.ts). */
  lineup: z.array(z.object({ comedianId: text, role: text })).optional(),
  collectionId: text,
  entryFormUrl: url,
  acceptsApplications: z.union([z.boolean(), z.string()]).optional(),
  applicationsCloseDate: text,
  applicationsCloseTime: text,
  contestantsNotifiedOn: text,
  applicationMinimumAge: text,
  /** Issue 42: the show's own house rules (each empty one is the venue's). */
  ...houseRuleFields,
});

export const eventFormSchema = eventFormFields
  .superRefine((value, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: "custom", path, message });

    let missing = false;
    for (const key of ["title", "date", "time", "ticketUrl"] as const) {
      if (!value[key]) {
        missing = true;
        issue([key], "Required");
      }
    }
    const place = readVenueChoice(value);
    if (!place.ok) {
      issue([place.field], place.message);
      if (place.required) missing = true;
    }
    if (missing) issue([], REQUIRED_FIELDS_MESSAGE);

    if (value.date && !isIsoDate(value.date)) issue(["date"], "Enter a date as YYYY-MM-DD");
    if (value.time && !normalizeTime(value.time)) issue(["time"], "Enter a time like 7:00 PM or 19:00");
    if (value.endTime && !normalizeTime(value.endTime))
      issue(["endTime"], "Enter a time like 10:00 PM or 22:00");
    for (const key of ["ticketUrl", "imageUrl", "entryFormUrl"] as const) {
      const url = value[key];
      if (url && !isWebUrl(url, key === "imageUrl")) issue([key], "Enter a full URL starting with https://");
    }

    let incompleteDate = false;
    (value.dates ?? []).forEach((entry, index) => {
      let incomplete = false;
      for (const key of ["date", "time", "ticketUrl"] as const) {
        if (!entry[key]) {
          incomplete = true;
          issue(["dates", index, key], "Required");
        }
      }
      if (incomplete) {
        incompleteDate = true;
        issue(["dates", index], RECURRING_FIELDS_MESSAGE);
      }
      if (entry.date && !isIsoDate(entry.date)) issue(["dates", index, "date"], "Enter a date as YYYY-MM-DD");
      if (entry.time && !normalizeTime(entry.time))
        issue(["dates", index, "time"], "Enter a time like 7:00 PM");
      if (entry.ticketUrl && !isWebUrl(entry.ticketUrl)) {
        issue(["dates", index, "ticketUrl"], "Enter a full URL starting with https://");
      }
    });
    if (incompleteDate) issue([], RECURRING_FIELDS_MESSAGE);

    for (const problem of lineupProblems(value.lineup ?? [])) {
      issue(problem.index === null ? ["lineup"] : ["lineup", problem.index, problem.field], problem.message);
    }

    if (value.applicationsCloseDate && !isIsoDate(value.applicationsCloseDate)) {
      issue(["applicationsCloseDate"], "Enter a date as YYYY-MM-DD");
    }
    if (value.applicationsCloseTime && !normalizeTime(value.applicationsCloseTime)) {
      issue(["applicationsCloseTime"], "Enter a time like 11:59 PM");
    }
    if (value.contestantsNotifiedOn && !isIsoDate(value.contestantsNotifiedOn)) {
      issue(["contestantsNotifiedOn"], "Enter a date as YYYY-MM-DD");
    }
    if (value.applicationMinimumAge) {
      const age = Number(value.applicationMinimumAge);
      if (!Number.isInteger(age) || age < 0 || age > 120)
        issue(["applicationMinimumAge"], "Enter an age in years");
    }
    if (value.collectionId && !parseId(value.collectionId)) issue(["collectionId"], "Pick a collection");
    if (value.imageFocus && !parseFocus(value.imageFocus)) {
      issue(["imageFocus"], "Enter two numbers from 0 to 100 (across, down), e.g. 50,30");
    }
  })
  .transform((v): EventFormValues => {
    const dates = (v.dates ?? []).map((d) => ({
      date: d.date!,
      time: normalizeTime(d.time)!,
      ticketUrl: d.ticketUrl!,
      price: d.price || null,
    }));
    const place = readVenueChoice(v);
    const pick = place.ok ? place.pick : null;
    return {
      title: v.title!,
      description: v.description ?? "",
      date: v.date!,
      time: normalizeTime(v.time)!,
      endTime: normalizeTime(v.endTime),
      venue: pick?.kind === "record" ? "" : (pick?.venue ?? ""),
      venueId: pick?.kind === "record" ? pick.id : null,
      venueCity: pick?.kind === "new" ? pick.city : null,
      ticketUrl: v.ticketUrl!,
      imageUrl: v.imageUrl || null,
      imageFocus: parseFocus(v.imageFocus),
      price: v.price || null,
      dates,
      isRecurring: dates.length > 0,
      lineup: (v.lineup ?? []).map((row) => ({
        comedianId: parseId(row.comedianId),
        role: row.role as LineupRole,
      })),
      collectionId: parseId(v.collectionId) || null,
      entryFormUrl: v.entryFormUrl || null,
      acceptsApplications: v.acceptsApplications === true || v.acceptsApplications === "on",
      applicationsCloseDate: v.applicationsCloseDate || null,
      applicationsCloseTime: normalizeTime(v.applicationsCloseTime),
      contestantsNotifiedOn: v.contestantsNotifiedOn || null,
      applicationMinimumAge: v.applicationMinimumAge ? Number(v.applicationMinimumAge) : 19,
      houseRules: houseRulesFromFields(v),
    };
  });

/**
 * The event pages' action serves two forms: the event form itself and "Load details from
 * URL" (intent=load-url), which answers values to fill the form with and stores nothing.
 */
export const eventPageSchema = z.discriminatedUnion("intent", [
  eventFormSchema,
  z.object({
    intent: z.literal("load-url"),
    sourceUrl: z.string().trim().max(EVENT_FIELD_MAX.url).optional(),
  }),
]);

export type RecurringDateValues = { date: string; time: string; ticketUrl: string; price: string | null };

/** The parsed form: times are HH:MM, empty optional fields are null. */
export type EventFormValues = {
  title: string;
  description: string;
  date: string;
  time: string;
  endTime: string | null;
  /**
   * The venue's name when no record was picked: a new venue (its record is found by name or
   * created), "TBA" or "Online". Ignored when `venueId` names a record (its name is used).
   */
  venue: string;
  /** The venue record picked in the form (issue 42). */
  venueId?: number | null;
  /** A new venue's town (stored on the record it creates). */
  venueCity?: string | null;
  ticketUrl: string;
  imageUrl: string | null;
  /** Focal point of the poster (null: keep the stored one, or the centre). */
  imageFocus?: Focus | null;
  price: string | null;
  dates: RecurringDateValues[];
  /** True when there is at least one recurring date (adding one turns it on). */
  isRecurring: boolean;
  /** The line-up in running order; left as it is when undefined (writes that are not the form). */
  lineup?: { comedianId: number; role: LineupRole }[];
  collectionId: number | null;
  entryFormUrl: string | null;
  acceptsApplications: boolean;
  /** Toronto wall-clock closing date and time of contestant applications. */
  applicationsCloseDate: string | null;
  applicationsCloseTime: string | null;
  contestantsNotifiedOn: string | null;
  applicationMinimumAge: number;
  /** The show's own house rules; left as they are when undefined (writes that are not the form). */
  houseRules?: HouseRules | null;
};

/** The form's text values, as the inputs show them (for default values and re-renders). */
export type EventFormDefaults = {
  title?: string;
  description?: string;
  date?: string;
  time?: string;
  endTime?: string;
  venueId?: string;
  venue?: string;
  venueCity?: string;
  ticketUrl?: string;
  imageUrl?: string;
  imageFocus?: string;
  price?: string;
  dates?: { date?: string; time?: string; ticketUrl?: string; price?: string }[];
  lineup?: { comedianId?: string; role?: string }[];
  collectionId?: string;
  entryFormUrl?: string;
  acceptsApplications?: boolean;
  applicationsCloseDate?: string;
  applicationsCloseTime?: string;
  contestantsNotifiedOn?: string;
  applicationMinimumAge?: string;
} & Partial<ReturnType<typeof houseRulesToFields>>;

/** A stored show as the form's text values (the Edit page's starting point). */
export function showToFormDefaults(
  show: {
    title: string;
    description: string;
    date: string;
    time: string;
    endTime: string | null;
    venue: string;
    venueId?: number | null;
    ticketUrl: string | null;
    imageUrl: string | null;
    price: string | null;
    dates: { date: string; time: string | null; ticketUrl: string | null; price: string | null }[];
    collectionId?: number | null;
    lineup?: { comedianId: number; role: string }[];
    entryFormUrl: string | null;
    acceptsApplications: boolean;
    applicationsCloseAt: string | null;
    contestantsNotifiedOn: string | null;
    applicationMinimumAge: number;
    /** The show's own house rules (not the venue's it falls back to). */
    ownHouseRules?: HouseRules | null;
  },
  zone: string,
  venues: VenueOption[] = [],
): EventFormDefaults {
  const close = show.applicationsCloseAt ? new Date(show.applicationsCloseAt) : null;
  return {
    title: show.title,
    description: show.description,
    date: show.date,
    time: formatTime12(show.time),
    endTime: show.endTime ? formatTime12(show.endTime) : "",
    ...venueChoiceDefaults(show, venues),
    ticketUrl: show.ticketUrl ?? "",
    imageUrl: show.imageUrl ?? "",
    price: show.price ?? "",
    dates: show.dates.map((d) => ({
      date: d.date,
      time: formatTime12(d.time ?? show.time),
      ticketUrl: d.ticketUrl ?? show.ticketUrl ?? "",
      price: d.price ?? "",
    })),
    lineup: (show.lineup ?? []).map((p) => ({ comedianId: String(p.comedianId), role: p.role })),
    collectionId: show.collectionId ? String(show.collectionId) : "",
    entryFormUrl: show.entryFormUrl ?? "",
    acceptsApplications: show.acceptsApplications,
    applicationsCloseDate: close ? formatInZone(close, "yyyy-MM-dd", zone) : "",
    applicationsCloseTime: close ? formatTime12(formatInZone(close, "HH:mm", zone)) : "",
    contestantsNotifiedOn: show.contestantsNotifiedOn ?? "",
    applicationMinimumAge: String(show.applicationMinimumAge),
    ...houseRulesToFields(show.ownHouseRules),
  };
}

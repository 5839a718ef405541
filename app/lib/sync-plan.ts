import type { SyncedDate, SyncedShow, SyncedVenue } from "./eventbrite";
import { SYNCED_FIELDS } from "./eventbrite-sync";
import { endedBefore } from "./recurrence";
import { SEAT_COLUMNS, seatColumns, type SeatColumns } from "./seats";
import {
  reopened,
  syncDateStates,
  syncSoldOut,
  waitlistDatesToTell,
  type SoldOutBy,
  type SoldOutState,
} from "./sold-out-sync";

/**
 * The ticketing sync's decisions, as a pure plan (issue 40): from the platform's shows and
 * what the site has stored for them, which show is created, updated, hidden or left alone,
 * which series dates are replaced or only change their sold-out state, and whose waitlist
 * is told. `app/models/sync.server.ts` reads the stored rows, resolves venue records and
 * applies the plan in one transaction; nothing here touches the database.
 *
 * Rules (docs/decisions/sync-and-booking.md):
 * - a show that ended before `today` (its last date, or its end day) is skipped;
 * - hidden events (unlisted, password, invite-only, draft) are never stored; one stored
 *   earlier is archived (taken off the public pages);
 * - a cancelled/postponed event is stored only when it was already public;
 * - archived shows are left alone;
 * - a series keeps one row per date, each with its link and sold-out state;
 * - a show edited by staff keeps its fields (and dates) until staff reset it; its status,
 *   sold-out state and each listed date's sold-out state still follow the platform;
 * - sold out: the platform's mark is stored as the platform's and reopened when seats come
 *   back (the waitlist is told); a mark staff made by hand stays (./sold-out-sync);
 * - seats (./seats) are the platform's facts: written for every show and date, edited or not;
 * - the platform can list a show twice: the last copy wins;
 * - a show refreshed from data read after this plan's (a webhook's refresh while a full sync
 *   was reading) is left as it is: the newer read wins, whichever commits last.
 */

/** The columns the sync writes besides SYNCED_FIELDS (edits or not, except as noted). */
export type PlatformColumns = {
  endTime: string | null;
  endDate: string | null;
  timeZone: string | null;
  currency: string | null;
  isOnline: boolean;
  hideStartDate: boolean;
  venueId: number | null;
};

type SyncedFieldValues = { [K in (typeof SYNCED_FIELDS)[number]]: SyncedShow[K] };

/** A stored date of a show, as the plan compares it. */
export type StoredSyncDate = {
  id: number;
  date: string;
  time: string | null;
  ticketUrl: string | null;
  price: string | null;
} & SoldOutState &
  SeatColumns;

/** A stored show, as the plan compares it (the columns of `events` it reads). */
export type StoredSyncShow = {
  id: number;
  title: string;
  /** When the data last written for it was read from the platform (null: never synced). */
  lastSyncedAt: Date | null;
  source: "manual" | "eventbrite";
  archived: boolean;
  staffEdited: boolean;
  eventStatus: SyncedShow["eventStatus"];
  dates: StoredSyncDate[];
} & SoldOutState &
  SeatColumns & { [K in keyof SyncedFieldValues]: SyncedFieldValues[K] | null } & {
    [K in keyof PlatformColumns]: PlatformColumns[K] | null;
  };

/** A series date as it is to be written. */
export type PlannedDate = Omit<SyncedDate, "soldOut" | "seats"> &
  SoldOutState &
  SeatColumns & { position: number };

/** The `events` columns an update writes (lastSyncedAt/updatedAt are the model's). */
export type ShowChanges = Partial<
  SyncedFieldValues &
    PlatformColumns &
    SoldOutState &
    SeatColumns & { source: "eventbrite"; eventStatus: SyncedShow["eventStatus"] }
>;

export type SyncStep =
  /** A hidden event that was public: archived. */
  | { kind: "hide"; eventId: number; title: string }
  | {
      kind: "create";
      values: SyncedFieldValues &
        PlatformColumns &
        SeatColumns & {
          externalId: string;
          source: "eventbrite";
          eventStatus: SyncedShow["eventStatus"];
          soldOut: boolean;
          soldOutBy: SoldOutBy | null;
        };
      dates: PlannedDate[];
    }
  | {
      kind: "update";
      eventId: number;
      /** Columns to write; empty with `changed` false: only lastSyncedAt moves. */
      set: ShowChanges;
      /** Anything changed (columns or dates): updatedAt moves too. */
      changed: boolean;
      /** The series' dates written anew (not staff-edited shows). */
      replaceDates: PlannedDate[] | null;
      /** Staff-edited shows: the stored dates whose sold-out state and seats follow the platform. */
      dateStates: ({ id: number } & Partial<SoldOutState & SeatColumns>)[];
      /** Whose waitlist is told in the same transaction: all dates, some, or nobody. */
      waitlist: "all" | string[] | null;
    };

export type SyncPlanCounts = {
  /** Platform shows stored or refreshed (today or later): the "N" of the success message. */
  synced: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Staff-edited shows whose fields were left alone. */
  keptStaffEdits: number;
  /** Archived shows the sync leaves alone. */
  skippedArchived: number;
  /** Shows that ended before today. */
  skippedPast: number;
  /** Unlisted, password-protected, invite-only or draft events: not stored, or taken off the site. */
  hidden: number;
  /** Called-off events never shown before: not stored. */
  skippedCancelled: number;
  /** Shows newly marked sold out. */
  soldOut: number;
  /** Shows or dates the platform had sold out that have seats again (reopened). */
  reopened: number;
  /** Shows refreshed from a newer read while this one ran (left as they are). */
  keptNewer: number;
};

export type SyncPlan = {
  steps: SyncStep[];
  counts: SyncPlanCounts;
  /** What changed, for the dashboard: "created: Title", "sold out: Title"... */
  changes: string[];
};

type Verdict = "past" | "hidden" | "new-cancelled" | "archived" | "store";

/** What the sync does with one platform show, before any field is compared. */
export function verdictOf(show: SyncedShow, existing: StoredSyncShow | undefined, today: string): Verdict {
  if (endedBefore(show, today)) return "past";
  if (show.hidden) return "hidden";
  if (!existing && show.eventStatus !== "scheduled") return "new-cancelled";
  if (existing?.archived) return "archived";
  return "store";
}

/** The platform's answer without repeats: the last copy of a show wins. */
export function latestCopies(shows: readonly SyncedShow[]): SyncedShow[] {
  const byId = new Map<string, SyncedShow>();
  for (const show of shows) byId.set(show.externalId, show);
  return [...byId.values()];
}

/** The venue records the plan needs (one per platform venue of a show that will be stored). */
export function venuesToStore(
  shows: readonly SyncedShow[],
  stored: ReadonlyMap<string, StoredSyncShow>,
  today: string,
): SyncedVenue[] {
  const venues = new Map<string, SyncedVenue>();
  for (const show of latestCopies(shows)) {
    if (show.venueRecord && verdictOf(show, stored.get(show.externalId), today) === "store")
      venues.set(show.venueRecord.externalId, show.venueRecord);
  }
  return [...venues.values()];
}

function platformColumns(show: SyncedShow, venueIds: ReadonlyMap<string, number>): PlatformColumns {
  return {
    endTime: show.endTime,
    endDate: show.endDate,
    timeZone: show.timeZone,
    currency: show.currency,
    isOnline: show.isOnline,
    hideStartDate: show.hideStartDate,
    venueId: show.venueRecord ? (venueIds.get(show.venueRecord.externalId) ?? null) : null,
  };
}

function plannedDates(show: SyncedShow, states: ReadonlyMap<string, SoldOutState>): PlannedDate[] {
  return show.dates.map((d, position) => ({
    externalId: d.externalId,
    date: d.date,
    time: d.time,
    ticketUrl: d.ticketUrl,
    price: d.price,
    ...(states.get(d.date) ?? { soldOut: d.soldOut, soldOutBy: d.soldOut ? "platform" : null }),
    ...seatColumns(d.seats),
    position,
  }));
}

type ComparedDate = Omit<StoredSyncDate, "id">;
const datesKey = (dates: readonly ComparedDate[]) =>
  JSON.stringify(
    dates.map((d) => [
      d.date,
      d.time,
      d.ticketUrl,
      d.price,
      d.soldOut,
      d.soldOutBy,
      ...SEAT_COLUMNS.map((c) => d[c]),
    ]),
  );

/** The seat columns that differ between what is stored and what the platform says now. */
function seatChanges(stored: SeatColumns, next: SeatColumns): Partial<SeatColumns> {
  return Object.fromEntries(SEAT_COLUMNS.filter((c) => stored[c] !== next[c]).map((c) => [c, next[c]]));
}

const pickSynced = (show: SyncedShow) =>
  Object.fromEntries(SYNCED_FIELDS.map((f) => [f, show[f]])) as SyncedFieldValues;

/**
 * The plan for one sync: `stored` holds the site's shows by external id, `venueIds` the
 * venue records (by platform venue id) of the shows to be stored (see venuesToStore).
 */
export function planSync(input: {
  shows: readonly SyncedShow[];
  stored: ReadonlyMap<string, StoredSyncShow>;
  venueIds: ReadonlyMap<string, number>;
  today: string;
  /** When this plan's data was read from the platform (before the first call). */
  readAt?: Date;
}): SyncPlan {
  const counts: SyncPlanCounts = {
    synced: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    keptStaffEdits: 0,
    skippedArchived: 0,
    skippedPast: 0,
    hidden: 0,
    skippedCancelled: 0,
    soldOut: 0,
    reopened: 0,
    keptNewer: 0,
  };
  const steps: SyncStep[] = [];
  const changes: string[] = [];

  for (const show of latestCopies(input.shows)) {
    const existing = input.stored.get(show.externalId);
    if (existing?.lastSyncedAt && input.readAt && existing.lastSyncedAt > input.readAt) {
      counts.keptNewer++;
      continue;
    }
    const verdict = verdictOf(show, existing, input.today);
    if (verdict === "past") counts.skippedPast++;
    else if (verdict === "hidden") {
      counts.hidden++;
      if (existing && !existing.archived) {
        steps.push({ kind: "hide", eventId: existing.id, title: existing.title });
        changes.push(`hidden: ${existing.title}`);
      }
    } else if (verdict === "new-cancelled") counts.skippedCancelled++;
    else if (verdict === "archived") counts.skippedArchived++;
    else if (!existing) {
      steps.push({
        kind: "create",
        values: {
          externalId: show.externalId,
          source: "eventbrite",
          ...pickSynced(show),
          soldOut: show.soldOut,
          soldOutBy: show.soldOut ? "platform" : null,
          eventStatus: show.eventStatus,
          ...platformColumns(show, input.venueIds),
          ...seatColumns(show.seats),
        },
        dates: plannedDates(show, syncDateStates([], show.dates).states),
      });
      counts.created++;
      counts.synced++;
      changes.push(`created: ${show.title}`);
    } else {
      const step = planUpdate(show, existing, input.venueIds, counts, changes);
      steps.push(step);
      counts.synced++;
    }
  }
  return { steps, counts, changes };
}

function planUpdate(
  show: SyncedShow,
  existing: StoredSyncShow,
  venueIds: ReadonlyMap<string, number>,
  counts: SyncPlanCounts,
  changes: string[],
): Extract<SyncStep, { kind: "update" }> {
  const set: ShowChanges = {};
  let datesChanged = false;
  let replaceDates: PlannedDate[] | null = null;
  const dateStates: ({ id: number } & Partial<SoldOutState & SeatColumns>)[] = [];
  const { states, reopenedDates } = syncDateStates(existing.dates, show.dates);

  if (existing.staffEdited) {
    counts.keptStaffEdits++;
    // Staff's dates stay, but each one the platform also lists follows its sold-out state and seats.
    for (const row of existing.dates) {
      const state = states.get(row.date);
      const listed = show.dates.find((d) => d.date === row.date);
      if (!state || !listed) continue;
      const change = {
        ...(state.soldOut !== row.soldOut || state.soldOutBy !== row.soldOutBy ? state : {}),
        ...seatChanges(row, seatColumns(listed.seats)),
      };
      if (Object.keys(change).length) {
        dateStates.push({ id: row.id, ...change });
        datesChanged = true;
      }
    }
  } else {
    const target: Record<string, unknown> = { ...pickSynced(show), ...platformColumns(show, venueIds) };
    for (const [field, value] of Object.entries(target)) {
      if ((existing as Record<string, unknown>)[field] !== value)
        (set as Record<string, unknown>)[field] = value;
    }
    if (existing.source !== "eventbrite") set.source = "eventbrite";
    const next = plannedDates(show, states);
    if (datesKey(existing.dates) !== datesKey(next)) {
      replaceDates = next;
      datesChanged = true;
    }
  }
  Object.assign(set, seatChanges(existing, seatColumns(show.seats)));
  if (existing.eventStatus !== show.eventStatus) {
    set.eventStatus = show.eventStatus;
    changes.push(`${show.eventStatus}: ${existing.title}`);
  }
  const soldOut = syncSoldOut(existing, show.soldOut);
  if (soldOut.soldOut !== existing.soldOut || soldOut.soldOutBy !== existing.soldOutBy)
    Object.assign(set, soldOut);
  if (soldOut.soldOut && !existing.soldOut) {
    counts.soldOut++;
    changes.push(`sold out: ${existing.title}`);
  }
  const showReopened = reopened(existing, soldOut);
  // Dates that reopen while the show stays sold out tell nobody yet.
  const datesReopened = soldOut.soldOut
    ? []
    : reopenedDates.filter((d) => existing.dates.some((c) => c.date === d));
  if (showReopened) changes.push(`available again: ${existing.title}`);
  else for (const d of datesReopened) changes.push(`available again: ${existing.title} (${d})`);
  counts.reopened += showReopened ? 1 : datesReopened.length;

  const changed = Object.keys(set).length > 0 || datesChanged;
  if (changed) {
    counts.updated++;
    if (!changes.some((c) => c.endsWith(`: ${existing.title}`))) changes.push(`updated: ${existing.title}`);
  } else if (!existing.staffEdited) counts.unchanged++;
  return {
    kind: "update",
    eventId: existing.id,
    set,
    changed,
    replaceDates,
    dateStates,
    waitlist: waitlistDatesToTell(showReopened, datesReopened),
  };
}

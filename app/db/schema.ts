import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { HouseRules } from "../lib/house-rules";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/** A named group of shows with its own page, e.g. Epic Dads (/epicdads). */
export const collections = sqliteTable("collections", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  /** Badge shown on the collection's shows, e.g. "Father's Day Special". */
  badge: text("badge"),
  description: text("description"),
  createdAt: createdAt(),
});

/**
 * A place where shows happen (issue 14 and 17): one record per ticketing-platform venue
 * (`external_id`), reused by every show there, and the venues staff type in the event form.
 * Address parts are left empty when unknown: nothing is ever guessed.
 */
export const venues = sqliteTable("venues", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  /** The ticketing platform's venue id (upsert key of the sync). */
  externalId: text("external_id").unique(),
  address1: text("address_1"),
  address2: text("address_2"),
  city: text("city"),
  region: text("region"),
  postalCode: text("postal_code"),
  /** ISO 3166-1 alpha-2, e.g. "CA". */
  country: text("country"),
  latitude: real("latitude"),
  longitude: real("longitude"),
  phone: text("phone"),
  website: text("website"),
  accessibilityNotes: text("accessibility_notes"),
  agePolicy: text("age_policy"),
  /** Issue 42: the venue's house rules, the fallback of each of its shows' (app/lib/house-rules.ts). */
  houseRules: text("house_rules", { mode: "json" }).$type<HouseRules>(),
  doorsNotes: text("doors_notes"),
  parkingNotes: text("parking_notes"),
  /**
   * The venue page at /{slug} (issue 17): page title and meta description, intro, the card
   * line on /about, the marketing sections (JSON: [{heading, paragraphs?, items?}]) and the
   * calls to action (JSON: [{to, label}]). Null/empty: the page shows the record's facts only.
   */
  pageTitle: text("page_title"),
  pageDescription: text("page_description"),
  intro: text("intro"),
  cardText: text("card_text"),
  sections: text("sections", { mode: "json" }).$type<
    { heading: string; paragraphs?: string[]; items?: string[] }[]
  >(),
  pageLinks: text("page_links", { mode: "json" }).$type<{ to: string; label: string }[]>(),
  /**
   * Issue 41: who gets the weekly partner report (e-mail addresses, one per line), set by staff;
   * null or empty: no report for this venue.
   */
  reportRecipients: text("report_recipients"),
  /** Position among the venue cards on /about; null keeps the venue off that page. */
  aboutOrder: integer("about_order"),
  /** The flagship club ("Club Show" badge, /club-shows) and the winery ("Winery Event"). */
  isClub: integer("is_club", { mode: "boolean" }).notNull().default(false),
  isWinery: integer("is_winery", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

/**
 * A show. Dates are Toronto wall-clock values: `date` is YYYY-MM-DD and `time` HH:MM (24 h).
 * A show with rows in `event_dates` is recurring; each row falls back to the show's values.
 */
export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The ticketing platform's event id for synced shows (upsert key). */
    externalId: text("external_id").unique(),
    source: text("source", { enum: ["manual", "eventbrite"] })
      .notNull()
      .default("manual"),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    summary: text("summary"),
    details: text("details"),
    date: text("date").notNull(),
    time: text("time").notNull().default("19:00"),
    /** Optional end of the show, used for the contestant "can attend" window. */
    endTime: text("end_time"),
    venue: text("venue").notNull().default("TBA"),
    /** The venue record (address, map); `venue` keeps the name shown and staff-typed text. */
    venueId: integer("venue_id").references(() => venues.id, { onDelete: "set null" }),
    /** IANA zone of `date`/`time`/`end_*` when not the business zone (a show elsewhere). */
    timeZone: text("time_zone"),
    /** Last day of a show that runs past its start day (multi-day), YYYY-MM-DD. */
    endDate: text("end_date"),
    /** ISO 4217 currency of the price when not the business currency. */
    currency: text("currency"),
    /** scheduled, cancelled or postponed (a public show that was called off stays listed). */
    eventStatus: text("event_status", { enum: ["scheduled", "cancelled", "postponed"] })
      .notNull()
      .default("scheduled"),
    isOnline: integer("is_online", { mode: "boolean" }).notNull().default(false),
    /** The platform hides the start date and time: the site says "Date to be announced". */
    hideStartDate: integer("hide_start_date", { mode: "boolean" }).notNull().default(false),
    imageUrl: text("image_url"),
    /** The processed image (images.hash) the site serves; null until processed or when broken. */
    imageHash: text("image_hash"),
    /** What image_hash/image_error were made from: the link at the time, or "upload". */
    imageSource: text("image_source"),
    /** Focal point "x,y" in percent, set by staff so crops keep faces. */
    imageFocus: text("image_focus"),
    /** Why the image could not be processed (the stock image is shown; the dashboard marks it). */
    imageError: text("image_error"),
    ticketUrl: text("ticket_url"),
    price: text("price"),
    soldOut: integer("sold_out", { mode: "boolean" }).notNull().default(false),
    /** Who marked it sold out: the ticketing sync ("platform", which may reopen it when seats
     * free up) or staff (kept until staff reopen it). Null when available, or unknown. */
    soldOutBy: text("sold_out_by", { enum: ["platform", "staff"] }),
    /** Seats from the platform's ticket classes (app/lib/seats.ts); null when the platform gave none. */
    seatsTotal: integer("seats_total"),
    seatsSold: integer("seats_sold"),
    /** on_sale | not_yet_on_sale | sales_ended | sold_out | unavailable */
    salesStatus: text("sales_status", {
      enum: ["on_sale", "not_yet_on_sale", "sales_ended", "sold_out", "unavailable"],
    }),
    /** ISO instants: when the first public class goes on sale (not yet on sale), and online sales end. */
    salesStart: text("sales_start"),
    salesEnd: text("sales_end"),
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
    collectionId: integer("collection_id").references(() => collections.id, {
      onDelete: "set null",
    }),
    /** "SUBMIT YOUR ENTRY" link (e.g. the 2 Minutes to Kill entry form). */
    entryFormUrl: text("entry_form_url"),
    parentEventId: integer("parent_event_id"),
    hasSeatingMap: integer("has_seating_map", { mode: "boolean" }).notNull().default(false),
    seatingMapUrl: text("seating_map_url"),
    /** Contestant applications: open when true, until applicationsCloseAt (UTC instant). */
    acceptsApplications: integer("accepts_applications", { mode: "boolean" }).notNull().default(false),
    applicationsCloseAt: integer("applications_close_at", { mode: "timestamp_ms" }),
    /** YYYY-MM-DD on which selected contestants are e-mailed. */
    contestantsNotifiedOn: text("contestants_notified_on"),
    applicationMinimumAge: integer("application_minimum_age").notNull().default(19),
    /** Issue 42: the show's own house rules; an empty rule falls back to the venue's. */
    houseRules: text("house_rules", { mode: "json" }).$type<HouseRules>(),
    /** Ticketing sync bookkeeping: staff edits of a synced show win until staff reset them. */
    lastSyncedAt: integer("last_synced_at", { mode: "timestamp_ms" }),
    staffEditedAt: integer("staff_edited_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index("events_active_date_idx").on(t.archivedAt, t.date, t.time),
    index("events_collection_idx").on(t.collectionId),
    index("events_venue_idx").on(t.venueId),
  ],
);

export const eventDates = sqliteTable(
  "event_dates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    time: text("time"),
    ticketUrl: text("ticket_url"),
    price: text("price"),
    /** The platform occurrence's event id (series dates). */
    externalId: text("external_id"),
    position: integer("position").notNull().default(0),
    /** One date of a recurring show can sell out while the others still have seats (staff's
     * toggle, or the platform occurrence's own state for series dates). */
    soldOut: integer("sold_out", { mode: "boolean" }).notNull().default(false),
    /** As events.sold_out_by, for this date alone. */
    soldOutBy: text("sold_out_by", { enum: ["platform", "staff"] }),
    /** This date's seats, from the platform's ticket classes (app/lib/seats.ts); null when the platform gave none. */
    seatsTotal: integer("seats_total"),
    seatsSold: integer("seats_sold"),
    /** on_sale | not_yet_on_sale | sales_ended | sold_out | unavailable */
    salesStatus: text("sales_status", {
      enum: ["on_sale", "not_yet_on_sale", "sales_ended", "sold_out", "unavailable"],
    }),
    /** ISO instants: when the first public class goes on sale (not yet on sale), and online sales end. */
    salesStart: text("sales_start"),
    salesEnd: text("sales_end"),
  },
  (t) => [index("event_dates_event_idx").on(t.eventId, t.date), index("event_dates_date_idx").on(t.date)],
);

export const staffUsers = sqliteTable("staff_users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  username: text("username").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
  lastLoginAt: integer("last_login_at", { mode: "timestamp_ms" }),
  /** TOTP (issue 38): the base32 secret, set at enrolment; on once `totpEnabledAt` is set. */
  totpSecret: text("totp_secret"),
  totpEnabledAt: integer("totp_enabled_at", { mode: "timestamp_ms" }),
  /** The last 30-second step a code was accepted for: a code is never accepted twice. */
  totpLastStep: integer("totp_last_step"),
});

/** One-time recovery codes of a staff member's second factor, stored as SHA-256 hashes. */
export const staffRecoveryCodes = sqliteTable(
  "staff_recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    staffUserId: integer("staff_user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("staff_recovery_codes_user_idx").on(t.staffUserId)],
);

/** Site settings staff change in the app (issue 38: the two-factor requirement). */
export const siteSettings = sqliteTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/** Server-side sessions: the cookie carries only the id, so logout and expiry are real. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    data: text("data", { mode: "json" }).notNull().$type<Record<string, unknown>>(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("sessions_expires_idx").on(t.expiresAt)],
);

export const comedians = sqliteTable(
  "comedians",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    bio: text("bio"),
    /** /comedians/{slug}. Nullable only for rows older than the column (the migration fills them). */
    slug: text("slug"),
    /**
     * A photo link from before headshots (issue 42): never shown; processed once into
     * `photo_hash` by the image pipeline (ingestPendingImages), then cleared.
     */
    photoUrl: text("photo_url"),
    /** The headshot: a processed image (images.hash), shown as square crops. */
    photoHash: text("photo_hash"),
    /** The headshot's focal point, "x,y" in percent (null: the face's usual place, 50,30). */
    photoFocus: text("photo_focus"),
    instagramUrl: text("instagram_url"),
    tiktokUrl: text("tiktok_url"),
    youtubeUrl: text("youtube_url"),
    websiteUrl: text("website_url"),
    /** Deleted comedians leave every list but past rounds' results stay readable. */
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("comedians_slug_unique").on(t.slug)],
);

/** A show's line-up: who performs in which role, in running order (position 0 first). */
export const eventComedians = sqliteTable(
  "event_comedians",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    comedianId: integer("comedian_id")
      .notNull()
      .references(() => comedians.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["host", "headliner", "feature", "opener"] }).notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.comedianId] }),
    index("event_comedians_comedian_idx").on(t.comedianId),
  ],
);

/**
 * A voting round: one room's ballot (issue 37). It belongs to a show (`event_id`) and the date
 * of that show it is voted at (`event_date`; a recurring show has several); rounds from before
 * issue 37 may have neither.
 */
export const votingRounds = sqliteTable("voting_rounds", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  eventId: integer("event_id").references(() => events.id, { onDelete: "set null" }),
  /** YYYY-MM-DD: the show's date this round's room votes at. */
  eventDate: text("event_date"),
  /** When voting opens: now when staff open the round, or the time they scheduled (issue 37). */
  openedAt: integer("opened_at", { mode: "timestamp_ms" }),
  /** Open from openedAt until closedAt (or closesAt). */
  closedAt: integer("closed_at", { mode: "timestamp_ms" }),
  /** Seats in the room: sizes the per-address budgets of new phones and votes (app/lib/room-budgets.ts); null: 300. */
  roomSeats: integer("room_seats"),
  /**
   * Issue 41: "off", or the votes checked against the show's ticket holders (app/lib/ticket-votes.ts):
   * "require" counts only ticket holders' votes, "prefer" counts every vote and shows the
   * verified apart; the host switches between the two.
   */
  ticketCheck: text("ticket_check", { enum: ["off", "prefer", "require"] })
    .notNull()
    .default("off"),
  /** Set while the host has the room code on: the rotating code is derived from it. */
  roomCodeSecret: text("room_code_secret"),
  /** Issue 18: voting closes by itself at this instant (the host's countdown or set time). */
  closesAt: integer("closes_at", { mode: "timestamp_ms" }),
  /** "live": the projector shows the order as votes come in; "hidden": only until revealed. */
  standingsMode: text("standings_mode", { enum: ["live", "hidden"] })
    .notNull()
    .default("live"),
  /** Hidden mode: how many places the host has revealed, from last place up. */
  revealedSteps: integer("revealed_steps").notNull().default(0),
  /** Automatic reveal: one more place every revealEverySeconds from revealStartedAt. */
  revealEverySeconds: integer("reveal_every_seconds"),
  revealStartedAt: integer("reveal_started_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

export const roundComedians = sqliteTable(
  "round_comedians",
  {
    roundId: integer("round_id")
      .notNull()
      .references(() => votingRounds.id, { onDelete: "cascade" }),
    comedianId: integer("comedian_id")
      .notNull()
      .references(() => comedians.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.comedianId] })],
);

export const votes = sqliteTable(
  "votes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    roundId: integer("round_id")
      .notNull()
      .references(() => votingRounds.id, { onDelete: "cascade" }),
    comedianId: integer("comedian_id")
      .notNull()
      .references(() => comedians.id),
    /** As typed: lower-cased, trimmed, invisible characters removed. */
    email: text("email").notNull(),
    /** The canonical key one mailbox counts under (app/lib/canonical-email.ts): one vote per round and key. */
    emailKey: text("email_key"),
    /** Generated when the form was rendered: a retried post is recognised by it. */
    voteToken: text("vote_token").notNull(),
    ipAddress: text("ip_address"),
    deviceId: text("device_id"),
    createdAt: createdAt(),
    /**
     * Issue 37: the host voided this vote (a burst from one address for one comedian). It stays,
     * so its phone and e-mail still count as having voted, but the tallies no longer count it
     * (the triggers of drizzle/0010); the audit log says who voided it and why.
     */
    voidedAt: integer("voided_at", { mode: "timestamp_ms" }),
    /**
     * Issue 41: in a round with a ticket check, whether the vote's canonical e-mail was on a
     * ticket of that performance when it was cast; null in a round without one.
     */
    ticketVerified: integer("ticket_verified", { mode: "boolean" }),
  },
  (t) => [
    uniqueIndex("votes_round_email_key_unique").on(t.roundId, t.emailKey),
    uniqueIndex("votes_token_unique").on(t.voteToken),
    index("votes_round_device_idx").on(t.roundId, t.deviceId),
    // No (round, comedian) index: the standings read round_tallies (issue 20), one index less to write per vote.
  ],
);

/**
 * Issue 20: votes per round and comedian, kept by triggers on `votes` (hand-written at the end
 * of drizzle/0008_j20-votes.sql) in the same transaction as the insert or delete, so the
 * standings read 40 rows instead of counting every vote of the round.
 */
export const roundTallies = sqliteTable(
  "round_tallies",
  {
    roundId: integer("round_id")
      .notNull()
      .references(() => votingRounds.id, { onDelete: "cascade" }),
    comedianId: integer("comedian_id")
      .notNull()
      .references(() => comedians.id),
    votes: integer("votes").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.comedianId] })],
);

/**
 * Issue 20: votes per round, client address and minute (the host's burst list), kept by the
 * same triggers; the (round, votes) index reads the largest bursts without counting the votes.
 */
export const voteMinutes = sqliteTable(
  "vote_minutes",
  {
    roundId: integer("round_id")
      .notNull()
      .references(() => votingRounds.id, { onDelete: "cascade" }),
    ipAddress: text("ip_address").notNull(),
    /** The minute's start, ms since the epoch. */
    minute: integer("minute").notNull(),
    votes: integer("votes").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.ipAddress, t.minute] }),
    index("vote_minutes_round_votes_idx").on(t.roundId, t.votes),
  ],
);

export const contactMessages = sqliteTable("contact_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  /** Generated when the form was rendered: a replayed post stores nothing new. */
  submissionToken: text("submission_token").unique(),
  ipAddress: text("ip_address"),
  emailedAt: integer("emailed_at", { mode: "timestamp_ms" }),
  readAt: integer("read_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

export const contestantApplications = sqliteTable(
  "contestant_applications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    mobileNumber: text("mobile_number").notNull(),
    isOver19: integer("is_over_19", { mode: "boolean" }).notNull(),
    canAttendEvent: integer("can_attend_event", { mode: "boolean" }).notNull(),
    willAttendIfNotSelected: integer("will_attend_if_not_selected", { mode: "boolean" }),
    funBio: text("fun_bio").notNull().default(""),
    acceptsTerms: integer("accepts_terms", { mode: "boolean" }).notNull(),
    submissionToken: text("submission_token").unique(),
    ipAddress: text("ip_address"),
    emailedAt: integer("emailed_at", { mode: "timestamp_ms" }),
    /** Issue 18: staff review (new → shortlisted or declined) and private notes. */
    reviewStatus: text("review_status", { enum: ["new", "shortlisted", "declined"] })
      .notNull()
      .default("new"),
    reviewNotes: text("review_notes").notNull().default(""),
    /** When the "you're selected" e-mail was queued in the outbox. */
    selectedEmailedAt: integer("selected_emailed_at", { mode: "timestamp_ms" }),
    /** The comedian created from this application when a round was opened from the shortlist. */
    comedianId: integer("comedian_id").references(() => comedians.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("applications_event_idx").on(t.eventId)],
);

/**
 * The merch newsletter's sign-ups, each with its consent record (issue 39, Canada's anti-spam
 * law): the wording's version, when, from which page, a keyed hash of the address's IP; and
 * double opt-in (`confirmed_at`). Unsubscribing keeps the row, marked, so a re-import of an
 * export never mails them again; unconfirmed rows are deleted after CONFIRM_WITHIN_MS.
 */
export const newsletterSignups = sqliteTable("newsletter_signups", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** As typed (invisible characters removed, lower-cased and trimmed). */
  email: text("email").notNull(),
  /** canonicalEmail(email): one row per mailbox. */
  emailKey: text("email_key").notNull().unique(),
  /** Random; the confirmation and unsubscribe links carry it. */
  token: text("token").notNull().unique(),
  /** The page the consent was given on (e.g. /merch). */
  source: text("source").notNull().default("/merch"),
  /** The version of the wording the visitor agreed to (app/lib/consent.ts). */
  consentVersion: text("consent_version").notNull(),
  /** keyedHash of the sign-up's IP address (the address itself is not kept). */
  ipHash: text("ip_hash"),
  /** When the consent was given. */
  createdAt: createdAt(),
  confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
  unsubscribedAt: integer("unsubscribed_at", { mode: "timestamp_ms" }),
});

/**
 * Mail sent to one mailbox (canonicalEmail), whatever list it came from: the caps that stop
 * the site being aimed at an inbox (issue 39). Rows older than two days are deleted.
 */
export const mailRecipients = sqliteTable("mail_recipients", {
  emailKey: text("email_key").primaryKey(),
  /** The business date (YYYY-MM-DD) the confirmation count is for. */
  confirmationsDay: text("confirmations_day"),
  confirmations: integer("confirmations").notNull().default(0),
  /** When the last "tickets are available" e-mail to this mailbox was queued. */
  lastNoticeAt: integer("last_notice_at", { mode: "timestamp_ms" }),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/** `/{name}` short links. */
export const redirects = sqliteTable("redirects", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  targetUrl: text("target_url").notNull(),
  createdAt: createdAt(),
});

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    staffUserId: integer("staff_user_id").references(() => staffUsers.id, {
      onDelete: "set null",
    }),
    /** Kept as text so the entry survives the account. */
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    before: text("before", { mode: "json" }),
    after: text("after", { mode: "json" }),
    createdAt: createdAt(),
  },
  (t) => [index("audit_created_idx").on(t.createdAt)],
);

/** Named locks shared by every server process (the scheduled sync runs one at a time). */
export const jobLocks = sqliteTable("job_locks", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
});

/** Last good copies of outside data (the booking sheet), served when the source fails. */
export const externalCache = sqliteTable("external_cache", {
  key: text("key").primaryKey(),
  body: text("body").notNull(),
  fetchedAt: integer("fetched_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * "Tell me when tickets free up": one row per address waiting for one performance (the
 * show's own date for a one-off, or one date of a recurring show). Keyed by the date text,
 * not the event_dates row, because staff edits rewrite those rows. Deleted after the show.
 */
export const waitlistEntries = sqliteTable(
  "waitlist_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** YYYY-MM-DD of the performance. */
    date: text("date").notNull(),
    /** As typed (invisible characters removed, lower-cased and trimmed). */
    email: text("email").notNull(),
    /** canonicalEmail(email): one row per mailbox and performance (issue 39). */
    emailKey: text("email_key").notNull(),
    /** Random; the confirmation and one-click unsubscribe links carry it. */
    token: text("token").notNull().unique(),
    /** keyedHash of the sign-up's IP address (the address itself is not kept). */
    ipHash: text("ip_hash"),
    /** The consent record: the wording's version and the page it was given on. */
    consentVersion: text("consent_version").notNull(),
    source: text("source").notNull(),
    /** Double opt-in: only confirmed rows are e-mailed; unconfirmed ones expire. */
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    /** When the last "tickets are available" e-mail was queued (one per day at most). */
    notifiedAt: integer("notified_at", { mode: "timestamp_ms" }),
    /** Seats freed while this mailbox had its e-mail of the day: told by the hourly job. */
    noticePending: integer("notice_pending", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("waitlist_event_date_email_key_unique").on(t.eventId, t.date, t.emailKey)],
);

/**
 * Outgoing mail, written in the same transaction as the change that caused it and
 * delivered by the in-process sender (app/services/outbox-sender.server.ts).
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** waitlist | confirmation | contact | application | shortlist | partner-report | vote-ticket */
    kind: text("kind").notNull(),
    /** The row the message is about (contact message id, application id, ...). */
    refId: integer("ref_id"),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** Extra headers (List-Unsubscribe, ...). */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    /** A sender that claimed the row owns it until then; a crashed sender's rows come back after it. */
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

/**
 * Work the ticketing platform asked for through its webhook (issue 41): one row per resource a
 * delivery named (`api_path` under the API base, e.g. /orders/123/), processed by the in-process
 * worker (app/services/ticketing-refresh.server.ts). A repeated delivery of the same resource
 * makes the row due again instead of adding one: the refresh is idempotent.
 */
export const ticketingJobs = sqliteTable(
  "ticketing_jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    action: text("action").notNull(),
    apiPath: text("api_path").notNull(),
    status: text("status", { enum: ["pending", "done", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    /** The platform event the resource belongs to, once read. */
    eventExternalId: text("event_external_id"),
    lastError: text("last_error"),
    doneAt: integer("done_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("ticketing_jobs_path_unique").on(t.apiPath),
    index("ticketing_jobs_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

export type TicketingJob = typeof ticketingJobs.$inferSelect;

/**
 * Ticket holders, minimally (issue 41): for a performance with a voting round or a partner
 * report, one row per ticket the platform sold, holding only a keyed hash of the buyer's
 * canonical e-mail (never the address), the checked-in flag, the affiliate code and the order
 * id. Replaced on every read of the platform's attendees; deleted ATTENDEE_RETENTION_DAYS
 * after the performance.
 */
export const ticketHolders = sqliteTable(
  "ticket_holders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** YYYY-MM-DD of the performance. */
    date: text("date").notNull(),
    /** The platform's attendee id (one per ticket). */
    attendeeId: text("attendee_id").notNull().unique(),
    orderId: text("order_id").notNull(),
    /** HMAC-SHA256 (hex) of the canonical e-mail with a key derived from SESSION_SECRET. */
    emailHash: text("email_hash").notNull(),
    checkedIn: integer("checked_in", { mode: "boolean" }).notNull().default(false),
    affiliate: text("affiliate"),
  },
  (t) => [
    index("ticket_holders_performance_idx").on(t.eventId, t.date, t.emailHash),
    index("ticket_holders_date_idx").on(t.date),
  ],
);

/**
 * Tickets sold per performance and affiliate code (no person in it): each comic's draw through
 * their tracking link (issue 41). Replaced on every read of the platform's attendees.
 */
export const affiliateSales = sqliteTable(
  "affiliate_sales",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    affiliate: text("affiliate").notNull(),
    tickets: integer("tickets").notNull(),
    checkedIn: integer("checked_in").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.date, t.affiliate] }),
    index("affiliate_sales_code_idx").on(t.affiliate),
  ],
);

export type TicketHolder = typeof ticketHolders.$inferSelect;

/** The weekly partner reports queued (issue 41): one per venue and week, whatever the restarts. */
export const partnerReports = sqliteTable(
  "partner_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    venueId: integer("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
    /** The Monday (YYYY-MM-DD, business zone) of the week the report was sent in. */
    week: text("week").notNull(),
    recipients: integer("recipients").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("partner_reports_venue_week_unique").on(t.venueId, t.week)],
);

export type Venue = typeof venues.$inferSelect;
export type NewVenue = typeof venues.$inferInsert;
export type Event = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;
export type EventDate = typeof eventDates.$inferSelect;
export type Collection = typeof collections.$inferSelect;
export type StaffUser = typeof staffUsers.$inferSelect;
export type Comedian = typeof comedians.$inferSelect;
export type EventComedian = typeof eventComedians.$inferSelect;
export type VotingRound = typeof votingRounds.$inferSelect;
export type Vote = typeof votes.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
export type ContestantApplication = typeof contestantApplications.$inferSelect;
export type NewsletterSignup = typeof newsletterSignups.$inferSelect;
export type MailRecipient = typeof mailRecipients.$inferSelect;
export type Redirect = typeof redirects.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type WaitlistEntry = typeof waitlistEntries.$inferSelect;
export type OutboxMessage = typeof outbox.$inferSelect;

/**
 * A processed show image: the original's content hash names a master JPEG (orientation
 * applied, metadata stripped) under <data dir>/images/, from which variants are rendered.
 */
export const images = sqliteTable("images", {
  hash: text("hash").primaryKey(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  /** The original's format as sniffed from its bytes (jpeg, png, webp, avif, heic). */
  format: text("format").notNull(),
  bytes: integer("bytes").notNull(),
  /** Tiny blurred preview, a data: URL inlined in pages. */
  placeholder: text("placeholder").notNull(),
  createdAt: createdAt(),
});

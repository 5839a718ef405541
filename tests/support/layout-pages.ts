import { eq } from "drizzle-orm";
import {
  comedians,
  contestantApplications,
  staffRecoveryCodes,
  staffUsers,
  venues,
  votes,
} from "~/db/schema";
import { BUSINESS_TIME_ZONE, todayIn } from "~/lib/dates";
import { comedianSlug } from "~/lib/lineup";
import { weekOf } from "~/lib/partner-report";
import { showPath } from "~/lib/slug";
import type { DB } from "~/utils/db.server";
import { partnerReportLink } from "~/utils/partner-link.server";
import { E2E_ENV } from "./env";
import { seededShow } from "./shows";
import { addVotes, closeTestRound, createRound, uniq } from "./voting";

/**
 * Every page the layout spec (tests/e2e/layout.spec.ts) and `npm run screenshots` visit.
 * `as`: who visits: an anonymous visitor, signed-in staff (staff also pass the /booking and
 * /results gates), or staff half-way through signing in. `path` may need the test database
 * (seeded ids, a round).
 */
export type LayoutPage = {
  name: string;
  /** "signing-in": staff between the password and the code (the sign-in's second step). */
  as: "visitor" | "staff" | "signing-in";
  path: (ctx: LayoutContext) => string;
};

export type LayoutContext = { db: DB; roundId: number; voteToken: string; reviewShowId: number };

/**
 * The rows the layout pages need beyond the seed (the layout spec's workers and `npm run
 * screenshots` make their own): a round of twelve comics with votes (the fullest projector and
 * the longest standings), a vote's receipt, three applications to the seed's game show, and a
 * second staff member with two-factor sign-in on.
 */
export function layoutContext(db: DB): Omit<LayoutContext, "db"> & { cleanUp: () => void } {
  const round = createRound(db, "2 Minutes to Kill - Vote For Your Favorite", TWELVE_COMICS);
  round.comedians.forEach((c, i) => addVotes(db, round.roundId, c.id, 12 - i));
  const voteToken = `layout-${uniq()}-${uniq()}`;
  db.insert(votes)
    .values({
      roundId: round.roundId,
      comedianId: round.comedians[0].id,
      email: `layout-${uniq()}@example.com`,
      voteToken,
    })
    .run();
  // The seed's game show takes applications: three applicants, once per database.
  const review = seededShow(db, "Game On! Comedy Game Show with host Danny Vega");
  const applied = db
    .select({ id: contestantApplications.id })
    .from(contestantApplications)
    .where(eq(contestantApplications.eventId, review.id))
    .all().length;
  // Each of the three decisions (issue 42: the decided ones have Undo beside Shortlist and Decline).
  const applicants = [
    [
      "Alexandra Montgomery-Whitfield",
      "Ten years of open mics; my mother still asks when I'll get a real job.",
      "shortlisted",
    ],
    ["Ben Ortiz", "Crowd work and a ukulele. Mostly crowd work.", "declined"],
    ["Chidi Okonkwo", "", "new"],
  ] as const;
  if (applied === 0)
    applicants.forEach(([name, bio, reviewStatus], i) =>
      db
        .insert(contestantApplications)
        .values({
          eventId: review.id,
          fullName: name,
          email: `applicant-${i}@example.com`,
          mobileNumber: "5195550100",
          isOver19: true,
          canAttendEvent: true,
          acceptsTerms: true,
          funBio: bio,
          reviewStatus,
        })
        .run(),
    );
  // /admin/staff with a second member, who has two-factor sign-in on (both kinds of card).
  if (!db.select().from(staffUsers).where(eq(staffUsers.username, "door-sam")).get()) {
    const sam = db
      .insert(staffUsers)
      .values({
        username: "door-sam",
        passwordHash: "not-a-real-hash",
        totpSecret: "JBSWY3DPEHPK3PXP",
        totpEnabledAt: new Date(),
        lastLoginAt: new Date(),
      })
      .returning({ id: staffUsers.id })
      .get();
    for (let i = 0; i < 8; i++)
      db.insert(staffRecoveryCodes)
        .values({ staffUserId: sam.id, codeHash: `layout-${sam.id}-${i}` })
        .run();
  }
  return {
    roundId: round.roundId,
    voteToken,
    reviewShowId: review.id,
    cleanUp: () => closeTestRound(db, round.roundId),
  };
}

const comedianIdOf = (db: DB, name: string) => {
  const row = db.select({ id: comedians.id }).from(comedians).where(eq(comedians.name, name)).get();
  if (!row) throw new Error(`No seeded comedian ${name}`);
  return row.id;
};

const venueIdOf = (db: DB, slug: string) => {
  const row = db.select({ id: venues.id }).from(venues).where(eq(venues.slug, slug)).get();
  if (!row) throw new Error(`No seeded venue ${slug}`);
  return row.id;
};

/** A venue's partner report as its e-mail links it (signed with the browser tests' SESSION_SECRET). */
const partnerReportPath = (db: DB, slug: string) => {
  const zone = BUSINESS_TIME_ZONE;
  return partnerReportLink(venueIdOf(db, slug), weekOf(todayIn(zone)), "", zone, E2E_ENV.SESSION_SECRET).url;
};

const showBySlug = (db: DB, title: string) =>
  showPath(seededShow(db, title) as Parameters<typeof showPath>[0]);

export const LAYOUT_PAGES: LayoutPage[] = [
  { name: "home", as: "visitor", path: () => "/" },
  { name: "calendar", as: "visitor", path: () => "/calendar" },
  { name: "club-shows", as: "visitor", path: () => "/club-shows" },
  { name: "comedy-shows-windsor", as: "visitor", path: () => "/comedy-shows-windsor" },
  { name: "epicdads", as: "visitor", path: () => "/epicdads" },
  { name: "about", as: "visitor", path: () => "/about" },
  { name: "contact", as: "visitor", path: () => "/contact" },
  { name: "merch", as: "visitor", path: () => "/merch" },
  { name: "venue", as: "visitor", path: () => "/tipsy-toucan" },
  { name: "comedians", as: "visitor", path: () => "/comedians" },
  { name: "comedian", as: "visitor", path: () => `/comedians/${comedianSlug("Omar Haddad")}` },
  { name: "not-found", as: "visitor", path: () => "/no-such-page-here" },
  {
    name: "event-recurring",
    as: "visitor",
    path: ({ db }) => `/event/${seededShow(db, "Tuesday Night Stand-Up at Tipsy Toucan").id}`,
  },
  {
    name: "event-entry",
    as: "visitor",
    path: ({ db }) => `/event/${seededShow(db, "2 Minutes to Kill - Comedy Competition").id}`,
  },
  {
    name: "event-application",
    as: "visitor",
    path: ({ db }) => `/event/${seededShow(db, "Game On! Comedy Game Show with host Danny Vega").id}`,
  },
  { name: "show-slug", as: "visitor", path: ({ db }) => showBySlug(db, "Laughs on the Waterfront") },
  {
    name: "show-slug-long",
    as: "visitor",
    path: ({ db }) => showBySlug(db, "Game On! Comedy Game Show with host Danny Vega"),
  },
  { name: "show-sold-out", as: "visitor", path: ({ db }) => showBySlug(db, "Sip & Giggle at the Winery") },
  {
    name: "event-club",
    as: "visitor",
    path: ({ db }) => `/event/${seededShow(db, "Headliner Friday: Club Special").id}`,
  },
  { name: "vote", as: "visitor", path: ({ roundId }) => `/vote?round=${roundId}` },
  {
    name: "vote-thanks",
    as: "visitor",
    path: ({ roundId, voteToken }) => `/vote?round=${roundId}&thanks=${voteToken}`,
  },
  { name: "results-gate", as: "visitor", path: ({ roundId }) => `/results?round=${roundId}` },
  { name: "booking-gate", as: "visitor", path: () => "/booking" },
  { name: "admin-login", as: "visitor", path: () => "/admin/login" },
  { name: "partner-report", as: "visitor", path: ({ db }) => partnerReportPath(db, "tipsy-toucan") },
  { name: "results", as: "staff", path: ({ roundId }) => `/results?round=${roundId}` },
  { name: "booking", as: "staff", path: () => "/booking" },
  { name: "admin", as: "staff", path: () => "/admin" },
  { name: "admin-new-event", as: "staff", path: () => "/admin/events/new" },
  {
    name: "admin-edit-event",
    as: "staff",
    path: ({ db }) => `/admin/events/${seededShow(db, "Tuesday Night Stand-Up at Tipsy Toucan").id}`,
  },
  { name: "admin-venue", as: "staff", path: ({ db }) => `/admin/venues/${venueIdOf(db, "tipsy-toucan")}` },
  { name: "admin-messages", as: "staff", path: () => "/admin/messages" },
  { name: "admin-applications", as: "staff", path: () => "/admin/applications" },
  { name: "admin-newsletter", as: "staff", path: () => "/admin/newsletter" },
  { name: "admin-rounds", as: "staff", path: () => "/admin/rounds" },
  {
    name: "application-review",
    as: "staff",
    path: ({ reviewShowId }) => `/admin/applications/${reviewShowId}/review`,
  },
  { name: "manage-comedians", as: "staff", path: () => "/manage-comedians" },
  // Issue 42: the comedian form with its headshot (upload, focal point, Remove photo).
  {
    name: "admin-edit-comedian",
    as: "staff",
    path: ({ db }) => `/admin/comedians/${comedianIdOf(db, "Omar Haddad")}`,
  },
  { name: "admin-staff", as: "staff", path: () => "/admin/staff" },
  { name: "admin-two-factor", as: "staff", path: () => "/admin/two-factor" },
  { name: "admin-login-code", as: "signing-in", path: () => "/admin/login/code" },
  { name: "debug", as: "staff", path: () => "/debug" },
];

/** The projector view, checked at projector sizes only. */
export const PROJECTOR_PAGE: LayoutPage = {
  name: "projector",
  as: "staff",
  path: ({ roundId }) => `/results?round=${roundId}&view=projector`,
};

/** Phone widths with a typical phone's first screen; then a tablet and a laptop. */
export const WIDTHS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1366, height: 768 },
] as const;

export const PROJECTOR_SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

/** Twelve comics with names as long as real ones get: the most a round shows on the projector. */
export const TWELVE_COMICS = [
  "Alexandra Montgomery-Whitfield",
  "Ben Ortiz",
  "Chidi Okonkwo",
  "Dana Kowalczyk",
  "Eli Tremblay",
  "Farah Haddad",
  "Gus MacPherson",
  "Hana Nakamura",
  "Isaac Bélanger",
  "Jo Park",
  "Kiran Desai-Fitzgerald",
  "Lou Vega",
].map((name) => ({ name }));

import { eq, sql } from "drizzle-orm";
import {
  collections,
  comedians,
  eventComedians,
  eventDates,
  events,
  redirects,
  roundComedians,
  votes,
  votingRounds,
  type NewEvent,
} from "~/db/schema";
import { addDaysIso, BUSINESS_TIME_ZONE, parseIsoDate } from "~/lib/dates";
import { comedianSlug, type LineupRole } from "~/lib/lineup";
import { nextWeekdayAfter } from "~/lib/weekdays";
import { formatInZone, zonedInstant } from "~/lib/zoned-time";
import { seedVenueFlags } from "~/models/venues.server";
import { IMMEDIATE, type DB } from "~/utils/db.server";
import { insertSpecVenues, linkShowsToVenues } from "./venues";

const EB = (slug: string, id: number) => `https://www.eventbrite.ca/e/${slug}-tickets-${id}`;

/** The Sunday that is Father's Day (third Sunday of June) on or after `today`. */
export function nextFathersDay(today: string): string {
  for (let year = Number(today.slice(0, 4)); ; year++) {
    const june1 = parseIsoDate(`${year}-06-01`);
    const firstSunday = 1 + ((7 - june1.getDay()) % 7);
    const day = `${year}-06-${String(firstSunday + 14).padStart(2, "0")}`;
    if (day >= today) return day;
  }
}

/** The configuration's default badge venues (app/utils/env.server.ts), for seeds without one. */
const DEFAULT_BADGE_VENUES = { clubVenue: "Tipsy Toucan", wineryVenue: "Mastronardi" };

/**
 * Demo data for an empty database, with dates relative to `today` (Toronto), covering
 * every case the spec names. Refuses to touch a database that already has shows. The
 * spec's venues become venue records (scripts/seeds/venue-data.ts), every show is linked to one,
 * and `badgeVenues` (CLUB_VENUE / WINERY_VENUE) seeds the club and winery flags.
 */
export function seedDemoData(
  database: DB,
  today: string,
  zone = BUSINESS_TIME_ZONE,
  badgeVenues: { clubVenue: string; wineryVenue: string } = DEFAULT_BADGE_VENUES,
) {
  const existing =
    database
      .select({ n: sql<number>`count(*)` })
      .from(events)
      .get()?.n ?? 0;
  if (existing > 0) return { seeded: false as const, reason: `the database already has ${existing} shows` };

  const d = (days: number) => addDaysIso(today, days);

  return database.transaction((tx) => {
    insertSpecVenues(tx);
    const epicDads = tx
      .insert(collections)
      .values({
        slug: "epicdads",
        title: "Epic Dads Comedy Weekend",
        badge: "Father's Day Special",
        description:
          "Treat Dad to a night out: Father's Day weekend comedy at a distillery, a pub and a winery.",
      })
      .returning()
      .get();

    const insertShow = (
      show: NewEvent,
      dates: { date: string; time?: string; ticketUrl?: string; price?: string }[] = [],
    ) => {
      const row = tx.insert(events).values(show).returning().get();
      dates.forEach((entry, position) =>
        tx
          .insert(eventDates)
          .values({ eventId: row.id, position, ...entry })
          .run(),
      );
      return row;
    };

    // A recurring club series with several dates (each falls back to the show's own values).
    // Shows named after a weekday fall on it: counted from the next Tuesday or Friday, not
    // from a fixed offset of today (which put "Tuesday Night" on whatever day today+3 was).
    const tuesday = nextWeekdayAfter(today, "Tuesday");
    const weekly = (weeks: number) => addDaysIso(tuesday, 7 * weeks);
    insertShow(
      {
        title: "Tuesday Night Stand-Up at Tipsy Toucan",
        description:
          "Windsor's weekly club night. A rotating line-up of headliners and the region's sharpest up-and-comers, hosted live at the Tipsy Toucan.\nDoors open one hour before showtime. 19+.",
        date: weekly(0),
        time: "20:00",
        venue: "Tipsy Toucan",
        imageUrl: "/images/shows/club-night.svg",
        ticketUrl: EB("tuesday-night-stand-up-at-tipsy-toucan", 700000000101),
        price: "$20",
      },
      [
        { date: weekly(0) },
        { date: weekly(1) },
        { date: weekly(2), price: "$25" },
        { date: weekly(3), time: "21:00" },
        { date: weekly(4) },
      ],
    );
    insertShow({
      title: "Headliner Friday: Club Special",
      description: "A full-length headliner set with two features. The club's biggest night of the month.",
      date: nextWeekdayAfter(today, "Friday"),
      time: "21:30",
      venue: "Tipsy Toucan",
      imageUrl: "/images/shows/headliner.svg",
      ticketUrl: EB("headliner-friday-club-special", 700000000102),
      price: "$30",
    });

    // Two platform rows with the same title: merged into one recurring show for display.
    for (const [days, id] of [
      [6, 700000000201],
      [20, 700000000202],
    ] as const) {
      insertShow({
        externalId: String(id),
        source: "eventbrite",
        title: "Laughs on the Waterfront",
        description:
          "Riverside comedy with a view of the Detroit skyline. Bring a friend, grab a drink, laugh a lot.",
        summary: "Riverside stand-up in downtown Windsor.",
        date: d(days),
        time: "19:30",
        venue: "Downtown Windsor Riverfront Hall",
        imageUrl: "/images/shows/waterfront.svg",
        ticketUrl: EB("laughs-on-the-waterfront", id),
        price: "$28",
        lastSyncedAt: new Date(),
      });
    }

    // Winery shows: one sold out.
    insertShow({
      title: "Sip & Giggle at the Winery",
      description: "Wine, cheese and stand-up among the vines. Includes a tasting flight.",
      date: d(8),
      time: "19:00",
      venue: "Mastronardi Estate Winery",
      imageUrl: "/images/shows/winery.svg",
      ticketUrl: EB("sip-and-giggle-at-the-winery", 700000000301),
      price: "$45",
      soldOut: true,
    });
    insertShow({
      title: "Comedy in the Vines",
      // A description with markup: rendered through the allow-list sanitizer.
      description:
        '<p><strong>Comedy in the Vines</strong> is back for another season!</p><ul><li>Three comics</li><li>A glass of house wine on arrival</li></ul><p>Details at <a href="https://example.com/vines">the winery</a>.</p><script>alert("never runs")</script>',
      date: d(14),
      time: "19:30",
      venue: "Mastronardi Estate Winery",
      imageUrl: "/images/shows/winery.svg",
      ticketUrl: EB("comedy-in-the-vines", 700000000302),
      price: "$40",
    });

    // A show with no price (TBA) and no image (stock fallback).
    insertShow({
      title: "New Material Night",
      description: "Comics try out brand-new jokes. Some will soar, some will crash: that's the fun.",
      date: d(9),
      time: "20:00",
      venue: "Walkerville Brewery",
      ticketUrl: "https://walkervillebrewery.com/events/new-material-night",
      price: null,
    });
    insertShow({
      title: "Wolfhead Late Show",
      description:
        "Craft cocktails and late-night stand-up at the distillery, about 20 minutes from downtown.",
      date: d(11),
      time: "21:00",
      venue: "Wolfhead Distillery",
      imageUrl: "/images/shows/distillery.svg",
      ticketUrl: EB("wolfhead-late-show", 700000000401),
      price: "$35",
    });
    insertShow({
      title: "Farm Fresh Funny at Colasanti's",
      description: "Family-friendly early show (ages 12+) then a late show for grown-ups.",
      // Its own house rules (issue 42): the family show is clean and open to 12-year-olds.
      houseRules: {
        minAge: 12,
        content: "clean",
        seating: "Picnic tables in the garden",
        runningMinutes: 75,
      },
      date: d(16),
      time: "18:00",
      venue: "Colasanti's Tropical Gardens",
      imageUrl: "/images/shows/farm.svg",
      ticketUrl: EB("farm-fresh-funny-at-colasantis", 700000000501),
      price: "$25",
    });

    // Contestant applications (the spec's "Game On" case): show 7:30-10 PM, applications
    // close two days before at 11:59 PM, selected contestants told the day before.
    const gameOnDate = d(21);
    insertShow({
      title: "Game On! Comedy Game Show with host Danny Vega",
      description:
        "Contestants from the audience compete in ridiculous comedy games for glory and prizes. Apply below to play!",
      date: gameOnDate,
      time: "19:30",
      endTime: "22:00",
      venue: "The Manchester Pub",
      imageUrl: "/images/shows/game-on.svg",
      ticketUrl: EB("game-on-comedy-game-show", 700000000601),
      price: "$15",
      acceptsApplications: true,
      applicationsCloseAt: zonedInstant(addDaysIso(gameOnDate, -2), "23:59", zone),
      contestantsNotifiedOn: addDaysIso(gameOnDate, -1),
      applicationMinimumAge: 19,
    });

    // "2 Minutes to Kill" with an entry-form link ("SUBMIT YOUR ENTRY").
    const killShow = insertShow({
      title: "2 Minutes to Kill - Comedy Competition",
      description:
        "Comics get exactly two minutes to win the room. You vote for the winner on your phone.\nDoors 6:30 PM, show 7:30 PM.",
      date: d(12),
      time: "19:30",
      venue: "Comedy Bar, Toronto",
      imageUrl: "/images/shows/two-minutes.svg",
      ticketUrl: EB("2-minutes-to-kill", 700000000701),
      price: "$18",
      entryFormUrl: "https://forms.example.com/2-minutes-to-kill-entry",
    });

    // Title-range fallback: a dash and "(Month 5th - 19th)", times read from the description.
    const rangeMonth = addDaysIso(today, 45).slice(0, 7);
    const monthName = formatInZone(parseIsoDate(`${rangeMonth}-15`), "MMMM", zone);
    insertShow({
      title: `Patio Comedy Series - Walkerville Brewery (${monthName} 5th - 19th)`,
      description: "Two patio shows this season: early show at 7:00 PM, late show at 9:30 PM.",
      date: `${rangeMonth}-05`,
      time: "19:00",
      venue: "Walkerville Brewery",
      imageUrl: "/images/shows/patio.svg",
      ticketUrl: EB("patio-comedy-series", 700000000801),
      price: "$22",
    });

    // Epic Dads: Father's Day weekend shows in the collection.
    const fathersDay = nextFathersDay(today);
    [
      {
        title: "Epic Dads Comedy Night - Wolfhead Distillery",
        venue: "Wolfhead Distillery",
        days: -2,
        id: 700000000901,
      },
      {
        title: "Epic Dads Comedy Night - The Manchester Pub",
        venue: "The Manchester Pub",
        days: -1,
        id: 700000000902,
      },
      {
        title: "Epic Dads Comedy Brunch - Mastronardi Winery",
        venue: "Mastronardi Estate Winery",
        days: 0,
        id: 700000000903,
      },
    ].forEach((s) =>
      insertShow({
        title: s.title,
        description:
          "A Father's Day special: bring Dad for a night of stand-up about the joys and horrors of parenting.",
        date: addDaysIso(fathersDay, s.days),
        time: s.days === 0 ? "12:00" : "20:00",
        venue: s.venue,
        imageUrl: "/images/shows/epic-dads.svg",
        ticketUrl: EB(s.title.toLowerCase().replace(/[^a-z0-9]+/g, "-"), s.id),
        price: "$35",
        collectionId: epicDads.id,
      }),
    );

    // The past: a show that ended two days ago (auto-archived on the dashboard) and an archived one.
    insertShow({
      title: "Late Night Roast Battle",
      description: "Comics roast each other. Nobody is safe.",
      date: d(-2),
      time: "21:00",
      venue: "Tipsy Toucan",
      imageUrl: "/images/shows/headliner.svg",
      ticketUrl: EB("late-night-roast-battle", 700000001001),
      price: "$20",
    });
    insertShow({
      title: "Summer Patio Send-Off",
      description: "The last patio show of the summer.",
      date: d(-30),
      time: "19:00",
      venue: "Walkerville Brewery",
      imageUrl: "/images/shows/patio.svg",
      ticketUrl: EB("summer-patio-send-off", 700000001002),
      price: "$20",
      archivedAt: zonedInstant(d(-29), "09:00", zone),
    });

    // Comedians (fictional names; links only on example.com or clearly demo handles) and an
    // open voting round for the 2 Minutes to Kill show.
    const names = [
      [
        "Priya Nair",
        "Former accountant. Still counting the laughs.",
        { instagram: "https://www.instagram.com/demo.priyanair.comedy" },
      ],
      ["Marcus Bell", "Windsor born, Detroit adjacent.", { website: "https://example.com/marcus-bell" }],
      [
        "Sofia Reyes",
        "Tells stories about her abuela that are 90% true.",
        { tiktok: "https://www.tiktok.com/@demo.sofiareyes.comedy" },
      ],
      ["Tom Kowalski", "Dad jokes, but make them dark.", {}],
      ["Jade Thompson", null, {}],
      [
        "Omar Haddad",
        "Crowd work specialist. Sit in the front row at your own risk.",
        { youtube: "https://www.youtube.com/@demo.omarhaddad.comedy" },
      ],
      [
        "Danny Vega",
        "Game show host, part-time referee of chaos.",
        { website: "https://example.com/danny-vega" },
      ],
      ["Lena Kowalczyk", "Deadpan from Tecumseh. Has opinions about geese.", {}],
      [
        "Ravi Chandran",
        "Software tester by day; finds the bugs in everything.",
        { instagram: "https://www.instagram.com/demo.ravichandran.comedy" },
      ],
      ["Hélène Tremblay", "Bilingual, so she bombs in two languages.", {}],
      [
        "Big Mike Okafor",
        "Six foot five of gentle observational comedy.",
        { website: "https://example.com/big-mike" },
      ],
      ["Casey Lindqvist", "Opens every show like it is the last one on earth.", {}],
    ] as const;
    const comics = names.map(([name, bio, links]) => {
      const l = links as { instagram?: string; tiktok?: string; youtube?: string; website?: string };
      return tx
        .insert(comedians)
        .values({
          name,
          bio,
          slug: comedianSlug(name),
          instagramUrl: l.instagram,
          tiktokUrl: l.tiktok,
          youtubeUrl: l.youtube,
          websiteUrl: l.website,
        })
        .returning()
        .get();
    });
    // Line-ups (running order; the roles of app/lib/lineup.ts) on shows found by title.
    const lineups: [string, [number, LineupRole][]][] = [
      [
        "Tuesday Night Stand-Up at Tipsy Toucan",
        [
          [11, "host"],
          [2, "feature"],
          [7, "feature"],
          [0, "headliner"],
        ],
      ],
      [
        "Headliner Friday: Club Special",
        [
          [6, "host"],
          [11, "opener"],
          [1, "headliner"],
        ],
      ],
      [
        "Laughs on the Waterfront",
        [
          [3, "host"],
          [9, "feature"],
          [5, "headliner"],
        ],
      ],
      [
        "Sip & Giggle at the Winery",
        [
          [4, "host"],
          [2, "headliner"],
        ],
      ],
      [
        "New Material Night",
        [
          [8, "host"],
          [7, "opener"],
          [10, "feature"],
        ],
      ],
      [
        "Wolfhead Late Show",
        [
          [5, "host"],
          [1, "headliner"],
        ],
      ],
      ["Game On! Comedy Game Show with host Danny Vega", [[6, "host"]]],
      ["2 Minutes to Kill - Comedy Competition", [[6, "host"]]],
      [
        "Late Night Roast Battle",
        [
          [1, "host"],
          [0, "feature"],
          [3, "feature"],
        ],
      ],
    ];
    for (const [title, lineup] of lineups) {
      const show = tx
        .select({ id: events.id })
        .from(events)
        .where(eq(events.title, title))
        .orderBy(events.date)
        .get();
      if (!show) continue;
      lineup.forEach(([i, role], position) =>
        tx
          .insert(eventComedians)
          .values({ eventId: show.id, comedianId: comics[i].id, role, position })
          .run(),
      );
    }
    // A closed round from last month that Omar Haddad won (his page lists it); its votes go to
    // comedians outside the open round so that round's demo counts stay as they were.
    const pastRound = tx
      .insert(votingRounds)
      .values({
        title: "2 Minutes to Kill - Last Month",
        openedAt: zonedInstant(d(-30), "20:00", zone),
        closedAt: zonedInstant(d(-30), "22:00", zone),
      })
      .returning()
      .get();
    [5, 3, 7].forEach((i) =>
      tx.insert(roundComedians).values({ roundId: pastRound.id, comedianId: comics[i].id }).run(),
    );
    [5, 5, 5, 3, 7].forEach((i, n) =>
      tx
        .insert(votes)
        .values({
          roundId: pastRound.id,
          comedianId: comics[i].id,
          email: `demo-past-voter-${n + 1}@example.com`,
          voteToken: `demo-past-vote-${n + 1}`,
          ipAddress: "127.0.0.1",
        })
        .run(),
    );
    const round = tx
      .insert(votingRounds)
      .values({
        title: "2 Minutes to Kill - Vote For Your Favorite",
        eventId: killShow.id,
        eventDate: d(12),
        openedAt: new Date(),
      })
      .returning()
      .get();
    comics
      .slice(0, 5)
      .forEach((c) => tx.insert(roundComedians).values({ roundId: round.id, comedianId: c.id }).run());
    [0, 0, 1, 2].forEach((i, n) =>
      tx
        .insert(votes)
        .values({
          roundId: round.id,
          comedianId: comics[i].id,
          email: `demo-voter-${n + 1}@example.com`,
          emailKey: `demo-voter-${n + 1}@example.com`,
          voteToken: `demo-vote-${n + 1}`,
          ipAddress: "127.0.0.1",
        })
        .run(),
    );

    linkShowsToVenues(tx);
    seedVenueFlags(tx, badgeVenues);

    tx.insert(redirects)
      .values({
        name: "summer",
        targetUrl: "https://www.eventbrite.ca/o/laugh-windsor-summer-shows-70000000000",
      })
      .run();

    return { seeded: true as const, fathersDay };
  }, IMMEDIATE);
}

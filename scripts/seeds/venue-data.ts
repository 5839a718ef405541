import type { NewVenue } from "~/db/schema";

/**
 * The spec's eight venue pages as venue records (issue 17): the demo seed inserts them and
 * migration 0006 writes the same rows into existing databases. After that the `venues`
 * table is the only source: staff edit every field on /admin/venues.
 *
 * Addresses: a part is filled ONLY where a public source confirmed it; the source is cited
 * next to the value. Everything else stays null (the page then shows no address, never a
 * guess). No source gave coordinates, so latitude/longitude are null everywhere.
 *
 * Issue 42 asked for every demo venue's street address, coordinates and map link from a cited
 * public source. The search tool's stored pages were searched again on 2026-11-27 for each venue
 * without a street address (queries beside each): none gave a street number, a postal code or
 * coordinates beyond what is cited here. The maps link needs a street line or coordinates
 * (docs/decisions/venues.md), so only the winery and the brewery have one.
 *
 * `legacyMatch` is the lower-case text the old typed module (app/lib/venues.ts, removed)
 * looked for in a show's venue text. Only the seed and the migration use it, once, to link
 * old shows to these records; pages never match venue names at run time.
 */
export type SpecVenue = Omit<NewVenue, "id" | "createdAt" | "updatedAt"> & {
  slug: string;
  name: string;
  legacyMatch: string | null;
  /** The public pages the address parts were read from (a filled street line has at least one). */
  addressSources?: string[];
};

export const SPEC_VENUES: SpecVenue[] = [
  {
    slug: "windsor-comedy",
    name: "Windsor Comedy Club",
    legacyMatch: null,
    // A landing page for the brand, not a room: no address.
    region: "ON",
    country: "CA",
    pageTitle: "Windsor Comedy Club: live stand-up every week",
    pageDescription:
      "Looking for a comedy club in Windsor, Ontario? Laugh Windsor runs weekly stand-up nights at the Tipsy Toucan plus special shows across Windsor-Essex.",
    intro:
      "Windsor's comedy scene is alive and loud. Every week we bring touring headliners and the best local comics to a real comedy club room, right in the city.",
    cardText: "Weekly stand-up in the heart of the city.",
    sections: [
      {
        heading: "A real comedy club night",
        paragraphs: [
          "Our home club is the Tipsy Toucan: low lights, a proper stage and a crowd that came to laugh. Shows run most weekends, with a mix of headliners, features and up-and-comers.",
        ],
      },
      {
        heading: "More than one room",
        paragraphs: [
          "When the club is not enough, we take comedy on the road across Windsor-Essex: wineries, breweries, a distillery and a downtown pub.",
        ],
      },
    ],
    pageLinks: [
      { to: "/tipsy-toucan", label: "Visit the Tipsy Toucan" },
      { to: "/about", label: "About Laugh Windsor" },
      { to: "/", label: "See upcoming shows" },
    ],
  },
  {
    slug: "downtown-windsor",
    name: "Downtown Windsor",
    legacyMatch: "downtown windsor",
    // An area of the city, not one building: no street address.
    city: "Windsor",
    region: "ON",
    country: "CA",
    pageTitle: "Comedy in Downtown Windsor",
    pageDescription:
      "Stand-up comedy shows in downtown Windsor, Ontario: dinner, drinks and a show within walking distance of the riverfront.",
    intro:
      "Downtown Windsor is made for a night out: dinner on Ouellette, a walk by the river, then an evening of live stand-up.",
    cardText: "Shows steps from the riverfront.",
    aboutOrder: 1,
    sections: [
      {
        heading: "Comedy nights downtown",
        paragraphs: [
          "Our downtown shows bring headliners and local favourites to rooms a short walk from the riverfront, the casino and dozens of restaurants.",
        ],
      },
      {
        heading: "Plan your visit",
        items: [
          "Street and lot parking is available throughout the core; allow a few minutes to find a spot on show nights.",
          "Check each show's page for the exact room, start time and age policy.",
        ],
      },
    ],
    pageLinks: [{ to: "/calendar", label: "See the show calendar" }],
  },
  {
    slug: "tipsy-toucan",
    name: "Tipsy Toucan",
    legacyMatch: "tipsy toucan",
    // House rules (issue 42): the promoter's own rules for the room (demo values), shown above
    // the ticket button of every show here that does not set its own.
    houseRules: {
      minAge: 19,
      content: "adult",
      seating: "General admission: first come, first seated",
      phones: "Phones on silent; no filming",
      runningMinutes: 90,
    },
    // No public source found with the search tools gives this venue's address or even its
    // city (searched 2026-11-23): every address part stays blank until staff enter it.
    // Searched again 2026-11-27 (issue 42: "Tipsy Toucan Windsor Ontario address", "\"Tipsy
    // Toucan\" comedy"): the stored pages hold no mention of it at all. Still blank.
    // Searched a third time 2026-11-27 ("Tipsy Toucan Windsor Ontario Ouellette address", "\"Tipsy
    // Toucan\" bar Windsor", pages corpus): nothing. Pages offer a maps search by name instead
    // (docs/decisions/venues.md, "A way to find every room").
    pageTitle: "Comedy at the Tipsy Toucan, Windsor",
    pageDescription:
      "Weekly stand-up at the Tipsy Toucan in Windsor: arrive 30-45 minutes early, doors open one hour before showtime, most shows 19+.",
    intro:
      "The Tipsy Toucan is our home club, right here in the city: the weekly stand-up nights and the big-name headliners all happen here.",
    cardText: "Our home club for weekly stand-up.",
    aboutOrder: 2,
    doorsNotes: "Doors open one hour before showtime.",
    agePolicy: "Most shows are 19+; bring ID.",
    sections: [
      {
        heading: "The comedy nights",
        paragraphs: [
          "Tuesday stand-up showcases, weekend headliners and the occasional roast battle: there is almost always something on.",
        ],
      },
      {
        heading: "Plan your visit",
        items: [
          "Doors open one hour before showtime.",
          "Arrive 30-45 minutes early to get a good seat and order before the show starts.",
          "Most shows are 19+; bring ID.",
        ],
      },
    ],
    pageLinks: [],
  },
  {
    slug: "wolfhead-distillery",
    name: "Wolfhead Distillery",
    legacyMatch: "wolfhead",
    houseRules: { minAge: 19, seating: "General admission", runningMinutes: 90 },
    // City: "Wolfhead Distillery in Amherstburg, Ontario"
    //   https://www.windsoreats.com/2020/12/raise-a-glass-to-local-with-these-5-windsor-made-spirits/
    //   (also https://windsorstar.com/news/local-news/leading-the-pack-wolfhead-first-local-distillery-to-open-since-prohibition)
    // No source found gives the street address or postal code: left blank (searched again
    // 2026-11-27: "Wolfhead Distillery Howard Avenue Amherstburg address": the same two pages).
    city: "Amherstburg",
    region: "ON",
    country: "CA",
    pageTitle: "Comedy at Wolfhead Distillery",
    pageDescription:
      "Stand-up comedy at Wolfhead Distillery, a craft distillery about 20 minutes' drive from Windsor with free parking. Doors open an hour before the show.",
    intro:
      "Wolfhead is a craft distillery about 20 minutes' drive from downtown Windsor: great cocktails, a great room and plenty of parking.",
    cardText: "Craft cocktails and comedy, 20 minutes from town.",
    aboutOrder: 4,
    doorsNotes: "Doors open an hour before the show.",
    parkingNotes: "There is parking on site.",
    sections: [
      {
        heading: "The comedy nights",
        paragraphs: [
          "Our distillery shows pair touring comics with Wolfhead's own spirits: make a night of it with dinner before the show.",
        ],
      },
      {
        heading: "Plan your visit",
        items: [
          "About 20 minutes' drive from downtown Windsor.",
          "There is parking on site.",
          "Doors open an hour before the show.",
        ],
      },
    ],
    pageLinks: [],
  },
  {
    slug: "manchester-pub",
    name: "The Manchester Pub",
    legacyMatch: "manchester",
    // City: "The Manchester on Ouellette Avenue in Windsor, Ont."
    //   https://windsor.ctvnews.ca/abrupt-closure-of-downtown-windsor-pub-1.6677135
    // The source names the street but no street number, so the street address stays blank
    // (searched again 2026-11-27: windsorite.ca and am800cklw.com name none either).
    city: "Windsor",
    region: "ON",
    country: "CA",
    pageTitle: "Comedy at The Manchester Pub, downtown Windsor",
    pageDescription:
      "Comedy nights and game shows at The Manchester Pub in downtown Windsor. Shows sell out: get your tickets in advance.",
    intro:
      "The Manchester is a proper downtown pub: pints, pub food and a room that gets loud when the comics are good.",
    cardText: "Pub comedy and game shows downtown.",
    sections: [
      {
        heading: "The comedy nights",
        paragraphs: [
          "From stand-up nights to the Game On! comedy game show, where audience members become contestants, pub shows here are always a little unpredictable.",
        ],
      },
      {
        heading: "Plan your visit",
        items: [
          "The pub is downtown, within walking distance of restaurants and parking.",
          "Seating is limited and shows often sell out, so buy your tickets in advance.",
        ],
      },
    ],
    pageLinks: [],
  },
  {
    slug: "mastronardi-winery",
    name: "Mastronardi Estate Winery",
    legacyMatch: "mastronardi",
    houseRules: { minAge: 19, seating: "Reserved tables", runningMinutes: 120 },
    // Street, city, postal code, phone and website: "1193 Concession Road 3, East Kingsville,
    // Ontario N9Y 2E5 | TOLL FREE: 1-800-320-5040 Website: http://www.mastronardiwines.com/"
    //   http://dinersdish.blogspot.com/2011/10/ontarios-other-wine-country.html
    // (Kingsville also in https://windsorstar.com/news/local-news/two-essex-county-wineries-in-ontario-wedding-venue-top-10-list)
    addressSources: [
      "http://dinersdish.blogspot.com/2011/10/ontarios-other-wine-country.html",
      "https://windsorstar.com/news/local-news/two-essex-county-wineries-in-ontario-wedding-venue-top-10-list",
    ],
    address1: "1193 Concession Road 3",
    city: "Kingsville",
    region: "ON",
    postalCode: "N9Y 2E5",
    country: "CA",
    phone: "1-800-320-5040",
    website: "http://www.mastronardiwines.com/",
    pageTitle: "Comedy at Mastronardi Estate Winery",
    pageDescription:
      "Wine and stand-up comedy at Mastronardi Estate Winery in Essex County: local wines, a relaxed room and touring comics.",
    intro:
      "Good wine makes good comedy better. Our winery nights bring stand-up to Mastronardi Estate Winery in the heart of Essex County wine country.",
    cardText: "Wine country laughs.",
    sections: [
      {
        heading: "The comedy nights",
        paragraphs: [
          "Wine-tasting comedy nights and weekend brunch shows in the winery's event space, with the estate's wines by the glass or the bottle.",
        ],
      },
      {
        heading: "Plan your visit",
        items: [
          "The winery is in the county: plan a designated driver or a ride home.",
          "Arrive early to pick up a glass before the show starts.",
        ],
      },
    ],
    pageLinks: [],
  },
  {
    slug: "colasantis",
    name: "Colasanti's Tropical Gardens",
    legacyMatch: "colasanti",
    // City: "Colasanti's Tropical Gardens in Ruthven"
    //   https://issuu.com./southpointsun/docs/southpoint_living-summer_2023/s/27664838
    //   (also "Colasanti's Tropical Gardens, Ruthven, Ontario": http://sysco-canada.com/canada/todayarticle.cfm?id=4378&action=published)
    // No source found gives the street address or postal code: left blank (searched again
    // 2026-11-27: "Colasanti's Tropical Gardens Road 3 East Ruthven address", "... contact hours
    // directions Kingsville": colasanti.com/our-story and news pages, no street number).
    city: "Ruthven",
    region: "ON",
    country: "CA",
    parkingNotes: "There is plenty of free parking on site.",
    pageTitle: "Comedy at Colasanti's Tropical Gardens",
    pageDescription:
      "Stand-up comedy at Colasanti's Tropical Gardens in Essex County: early family-friendly shows and late shows for grown-ups.",
    intro:
      "A Windsor-Essex landmark with a comedy stage: Colasanti's Tropical Gardens hosts early family-friendly shows and later shows for the grown-ups.",
    cardText: "A county landmark with a comedy stage.",
    aboutOrder: 5,
    sections: [
      {
        heading: "The comedy nights",
        paragraphs: [
          "Check each show's age guidance: some early shows welcome younger fans, late shows are for adults.",
        ],
      },
      {
        heading: "Plan your visit",
        items: [
          "There is plenty of free parking on site.",
          "Come early to wander the gardens and grab a bite before the show.",
        ],
      },
    ],
    pageLinks: [],
  },
  {
    slug: "walkerville-brewery",
    name: "Walkerville Brewery",
    legacyMatch: "walkerville",
    houseRules: { minAge: 19, seating: "General admission, patio seating", runningMinutes: 90 },
    // Street, city and phone: "Walkerville Brewery 525 Argyle Rd, Windsor, ON (519) 254-6067"
    //   https://viewer.joomag.com/casa-london-magazine-4-the-beermanac-vol1-june-july-2017/0632361001496112646?page=233
    //   (also "Located at 525 Argyle Road, Windsor": https://dlit.co/history-and-innovation-meet-at-walkerville-brewery-alternatively-speaking/)
    // No source found gives the postal code: left blank.
    addressSources: [
      "https://viewer.joomag.com/casa-london-magazine-4-the-beermanac-vol1-june-july-2017/0632361001496112646?page=233",
      "https://dlit.co/history-and-innovation-meet-at-walkerville-brewery-alternatively-speaking/",
    ],
    address1: "525 Argyle Rd",
    city: "Windsor",
    region: "ON",
    country: "CA",
    phone: "(519) 254-6067",
    pageTitle: "Comedy at Walkerville Brewery",
    pageDescription:
      "Stand-up comedy and patio shows at Walkerville Brewery in Windsor's historic Walkerville district: local beer and local laughs.",
    intro:
      "Craft beer and stand-up in Windsor's historic Walkerville district: the brewery hosts our patio series in summer and indoor shows all year.",
    cardText: "Local beer, local laughs.",
    aboutOrder: 3,
    sections: [
      {
        heading: "The comedy nights",
        paragraphs: [
          "Patio comedy when the weather is good, the taproom when it is not: early and late shows with a fresh beer in hand.",
        ],
      },
      {
        heading: "Plan your visit",
        items: [
          "Walkerville is a short drive or bus ride from downtown Windsor.",
          "Patio shows go ahead rain or shine under cover; dress for the weather.",
        ],
      },
    ],
    pageLinks: [],
  },
];

/**
 * Venue and landing pages (/tipsy-toucan, /windsor-comedy, ...): all their content lives
 * here, one typed record per page, rendered by one route ($name.tsx). The venue's
 * `match` text also picks a show's venue record (postal address for JSON-LD and feeds).
 */

import { venueContains } from "./venue-match";

export type PostalAddress = {
  streetAddress?: string;
  addressLocality: string;
  addressRegion: "ON";
  postalCode?: string;
  addressCountry: "CA";
};

export type VenueSection = { heading: string; paragraphs?: string[]; items?: string[] };

export type VenueLink = { to: string; label: string };

export type VenuePage = {
  /** The URL path segment, e.g. "tipsy-toucan". */
  slug: string;
  /** The venue's name (page heading and JSON-LD Place name). */
  name: string;
  /** Lower-case text found in the `venue` field of this venue's shows; null for landing pages. */
  match: string | null;
  title: string;
  description: string;
  intro: string;
  /** Short line for the card on /about. */
  cardText: string;
  address: PostalAddress;
  sections: VenueSection[];
  /** Calls to action shown under the sections. */
  links: VenueLink[];
};

const windsor = (streetAddress?: string, postalCode?: string): PostalAddress => ({
  ...(streetAddress ? { streetAddress } : {}),
  addressLocality: "Windsor",
  addressRegion: "ON",
  ...(postalCode ? { postalCode } : {}),
  addressCountry: "CA",
});

export const VENUES: readonly VenuePage[] = [
  {
    slug: "windsor-comedy",
    name: "Windsor Comedy Club",
    match: null,
    title: "Windsor Comedy Club: live stand-up every week",
    description:
      "Looking for a comedy club in Windsor, Ontario? Laugh Windsor runs weekly stand-up nights at the Tipsy Toucan plus special shows across Windsor-Essex.",
    intro:
      "Windsor's comedy scene is alive and loud. Every week we bring touring headliners and the best local comics to a real comedy club room, right in the city.",
    cardText: "Weekly stand-up in the heart of the city.",
    address: windsor(),
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
    links: [
      { to: "/tipsy-toucan", label: "Visit the Tipsy Toucan" },
      { to: "/about", label: "About Laugh Windsor" },
      { to: "/", label: "See upcoming shows" },
    ],
  },
  {
    slug: "downtown-windsor",
    name: "Downtown Windsor",
    match: "downtown windsor",
    title: "Comedy in Downtown Windsor",
    description:
      "Stand-up comedy shows in downtown Windsor, Ontario: dinner, drinks and a show within walking distance of the riverfront.",
    intro:
      "Downtown Windsor is made for a night out: dinner on Ouellette, a walk by the river, then an evening of live stand-up.",
    cardText: "Shows steps from the riverfront.",
    address: windsor(),
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
    links: [{ to: "/calendar", label: "See the show calendar" }],
  },
  {
    slug: "tipsy-toucan",
    name: "Tipsy Toucan",
    match: "tipsy toucan",
    title: "Comedy at the Tipsy Toucan, Windsor",
    description:
      "Weekly stand-up at the Tipsy Toucan in Windsor: arrive 30-45 minutes early, doors open one hour before showtime, most shows 19+.",
    intro:
      "The Tipsy Toucan is our home club, right here in the city: the weekly stand-up nights and the big-name headliners all happen here.",
    cardText: "Our home club for weekly stand-up.",
    address: windsor(),
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
    links: [],
  },
  {
    slug: "wolfhead-distillery",
    name: "Wolfhead Distillery",
    match: "wolfhead",
    title: "Comedy at Wolfhead Distillery",
    description:
      "Stand-up comedy at Wolfhead Distillery, a craft distillery about 20 minutes' drive from Windsor with free parking. Doors open an hour before the show.",
    intro:
      "Wolfhead is a craft distillery about 20 minutes' drive from downtown Windsor: great cocktails, a great room and plenty of parking.",
    cardText: "Craft cocktails and comedy, 20 minutes from town.",
    address: { addressLocality: "Amherstburg", addressRegion: "ON", addressCountry: "CA" },
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
    links: [],
  },
  {
    slug: "manchester-pub",
    name: "The Manchester Pub",
    match: "manchester",
    title: "Comedy at The Manchester Pub, downtown Windsor",
    description:
      "Comedy nights and game shows at The Manchester Pub in downtown Windsor. Shows sell out: get your tickets in advance.",
    intro:
      "The Manchester is a proper downtown pub: pints, pub food and a room that gets loud when the comics are good.",
    cardText: "Pub comedy and game shows downtown.",
    address: windsor(),
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
    links: [],
  },
  {
    slug: "mastronardi-winery",
    name: "Mastronardi Estate Winery",
    match: "mastronardi",
    title: "Comedy at Mastronardi Estate Winery",
    description:
      "Wine and stand-up comedy at Mastronardi Estate Winery in Essex County: local wines, a relaxed room and touring comics.",
    intro:
      "Good wine makes good comedy better. Our winery nights bring stand-up to Mastronardi Estate Winery in the heart of Essex County wine country.",
    cardText: "Wine country laughs.",
    address: {
      streetAddress: "1193 Concession 3",
      addressLocality: "Kingsville",
      addressRegion: "ON",
      addressCountry: "CA",
    },
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
    links: [],
  },
  {
    slug: "colasantis",
    name: "Colasanti's Tropical Gardens",
    match: "colasanti",
    title: "Comedy at Colasanti's Tropical Gardens",
    description:
      "Stand-up comedy at Colasanti's Tropical Gardens in Essex County: early family-friendly shows and late shows for grown-ups.",
    intro:
      "A Windsor-Essex landmark with a comedy stage: Colasanti's Tropical Gardens hosts early family-friendly shows and later shows for the grown-ups.",
    cardText: "A county landmark with a comedy stage.",
    address: { addressLocality: "Ruthven", addressRegion: "ON", addressCountry: "CA" },
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
    links: [],
  },
  {
    slug: "walkerville-brewery",
    name: "Walkerville Brewery",
    match: "walkerville",
    title: "Comedy at Walkerville Brewery",
    description:
      "Stand-up comedy and patio shows at Walkerville Brewery in Windsor's historic Walkerville district: local beer and local laughs.",
    intro:
      "Craft beer and stand-up in Windsor's historic Walkerville district: the brewery hosts our patio series in summer and indoor shows all year.",
    cardText: "Local beer, local laughs.",
    address: windsor("525 Argyle Rd"),
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
    links: [],
  },
];

/** The venue cards on /about, in the spec's order. */
export const ABOUT_VENUE_SLUGS = [
  "downtown-windsor",
  "tipsy-toucan",
  "walkerville-brewery",
  "wolfhead-distillery",
  "colasantis",
] as const;

export function findVenuePage(slug: string): VenuePage | undefined {
  return VENUES.find((v) => v.slug === slug);
}

/** The venue record whose `match` appears in a show's venue text (case-insensitive). */
export function venueForShow(venueText: string): VenuePage | undefined {
  return VENUES.find((v) => v.match !== null && venueContains(venueText, v.match));
}

/** The postal address for a show's venue text; the region's city when the venue is unknown. */
export function addressForVenue(venueText: string): PostalAddress {
  return venueForShow(venueText)?.address ?? windsor();
}

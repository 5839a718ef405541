/** Brand facts used across pages, kept in one place. */
export const SITE = {
  name: "Laugh Windsor",
  tagline: "Stand-up comedy across Windsor-Essex",
  description:
    "Live stand-up comedy shows in Windsor and Essex County: club nights, winery shows, brewery and distillery specials. Find upcoming shows and get tickets.",
  region: "Windsor-Essex, Ontario",
  email: "info@laughwindsor.ca",
  social: [
    { name: "Instagram", href: "https://www.instagram.com/laughwindsor" },
    { name: "Facebook", href: "https://www.facebook.com/laughwindsor" },
    { name: "TikTok", href: "https://www.tiktok.com/@laughwindsor" },
  ],
  /** The stock image shown when a show has no image or its image fails to load. */
  fallbackImage: "/images/stock-show.svg",
} as const;

/** The copy of /about, kept apart from the markup. */
export const ABOUT_PAGE = {
  description:
    "Laugh Windsor brings live stand-up comedy to Windsor-Essex: weekly club nights, winery, brewery and distillery shows, and specials all year.",
  lead: "We put live stand-up comedy on stages across Windsor-Essex, from a weekly club night to wine country and craft distilleries.",
  /** The three press features (external links). */
  press: [
    {
      outlet: "CBC Windsor",
      title: "How a local promoter built Windsor's comedy scene",
      href: "https://www.cbc.ca/news/canada/windsor",
    },
    {
      outlet: "Windsor Star",
      title: "Stand-up is booming in Windsor-Essex",
      href: "https://windsorstar.com/entertainment",
    },
    {
      outlet: "AM800 CKLW",
      title: "Laughs for a good cause this weekend",
      href: "https://www.iheartradio.ca/am800",
    },
  ],
  story: [
    "It started with one open mic in a downtown bar and a room of twenty people who laughed harder than anyone expected.",
    "Since then we have grown into a year-round comedy promoter: a weekly club night, touring headliners, themed specials and shows at some of the best venues in the region.",
  ],
  mission: [
    "Make live comedy easy to find and easy to love in Windsor-Essex.",
    "Give local comics real stages and real audiences.",
    "Bring touring headliners to the region.",
    "Partner with local venues, wineries, breweries and businesses.",
  ],
  whatWeDo: [
    "Weekly stand-up nights at our home club.",
    "Winery, brewery and distillery comedy nights.",
    "Game shows and competitions where the audience joins in.",
    "Private and corporate comedy events.",
  ],
} as const;

/** Where the flagship club is, shown on /club-shows (the venue name itself comes from CLUB_VENUE). */
export function clubAddress(clubVenue: string): string {
  return `${clubVenue}, Downtown Windsor, Ontario`;
}

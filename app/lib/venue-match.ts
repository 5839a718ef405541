/**
 * "At this venue": the one venue rule. A show is at a venue when its venue text contains the
 * venue's name, ignoring case and surrounding spaces ("The Manchester Pub, Windsor" is at "The
 * Manchester Pub"). The club and winery badges, the club-shows page, the venue pages and the
 * home page's venue filter all use it. An empty name matches nothing.
 */
export function venueContains(venueText: string, name: string): boolean {
  const needle = name.trim().toLowerCase();
  return needle !== "" && venueText.toLowerCase().includes(needle);
}

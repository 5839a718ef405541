/**
 * Which part of the site a path belongs to, and the theme it is shown in (issue 15):
 * - "room": /vote and the results views, used in a dark room: no public chrome distractions
 *   beyond the header. /vote (phones in the audience) is always in the dark theme; the host's
 *   /results follows the host's own device setting (issue 37: the host controls are made for both;
 *   the projector view is black whatever the theme, results.css).
 * - "staff": the back office (/admin, /booking, /manage-comedians, /debug, /test-delete):
 *   a slim staff header instead of the public header and footer; the light theme.
 * - "public": every other page: the theme follows the visitor's system setting.
 */
export type PageArea = "public" | "staff" | "room";
export type PageTheme = "auto" | "dark" | "light";

const ROOM = ["/vote", "/results"];
const STAFF = ["/admin", "/booking", "/manage-comedians", "/debug", "/test-delete"];

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export function pageArea(pathname: string): PageArea {
  const path = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  // The login page and its code step (issue 38) are the way in, not the back office: they keep
  // the public look (a visitor not yet signed in gets no staff links that lead back to the login).
  if (path === "/admin/login" || path === "/admin/login/code") return "public";
  if (ROOM.some((p) => under(path, p))) return "room";
  if (STAFF.some((p) => under(path, p))) return "staff";
  return "public";
}

export function pageTheme(pathname: string): PageTheme {
  const area = pageArea(pathname);
  if (area === "room") return under(pathname.toLowerCase(), "/results") ? "auto" : "dark";
  return area === "staff" ? "light" : "auto";
}

/**
 * Which header a page carries: the staff header on staff pages, and on the results views for a
 * signed-in staff member (issue 42: the host and the office are at work there, and reach the back
 * office from it); the public header everywhere else.
 */
export function pageHeader(pathname: string, signedInStaff: boolean): "staff" | "public" {
  const area = pageArea(pathname);
  if (area === "staff") return "staff";
  const path = pathname.toLowerCase();
  return signedInStaff && area === "room" && under(path, "/results") ? "staff" : "public";
}

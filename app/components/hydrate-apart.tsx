import { Suspense, type ReactNode } from "react";

/**
 * A part of a server-rendered page that the browser hydrates in a pass of its own.
 *
 * React hydrates a page in one render and one commit, and the commit cannot be split: on the home
 * page that was one task of 40 ms and more on a phone (issue 16). Each Suspense boundary is
 * hydrated separately, so wrapping a page's large parts (the home page's card grid and sections, the
 * footer) lets the browser hydrate it in several short tasks. Nothing here suspends: the server renders
 * the children in full, as before, and the fallback is never shown.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

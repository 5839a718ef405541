import { isSitePath } from "./site-path";

/**
 * A same-site path to go back to after login, or the fallback (open-redirect protection):
 * the one site-path rule (site-path.ts).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  return typeof to === "string" && isSitePath(to) ? to : fallback;
}

/**
 * A same-site path to go back to after login, or the fallback. Refuses absolute URLs,
 * protocol-relative ("//evil.example") and backslash tricks (open-redirect protection).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\") || /[\r\n]/.test(to)) {
    return fallback;
  }
  return to;
}

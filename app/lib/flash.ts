/** A one-time outcome message shown after a redirect (banner; toast with JavaScript). */
export type Flash = { type: "success" | "error" | "info"; message: string };

/** The spec's toast durations: success 2000 ms, error and plain 4000 ms. */
export function toastDuration(type: Flash["type"]): number {
  return type === "success" ? 2000 : 4000;
}

/** The spec's cap on toasts shown at once. */
export const MAX_TOASTS = 20;

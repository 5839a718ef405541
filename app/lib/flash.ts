/** A one-time outcome message shown after a redirect (banner; toast with JavaScript). */
export type Flash = { type: "success" | "error" | "info"; message: string };

/** The spec's toast durations: success 2000 ms, error and plain 4000 ms. */
export function toastDuration(type: Flash["type"]): number {
  return type === "success" ? 2000 : 4000;
}

/** The spec's cap on toasts shown at once. */
export const MAX_TOASTS = 20;

function isFlash(value: unknown): value is Flash {
  return (
    typeof value === "object" &&
    value !== null &&
    ["success", "error", "info"].includes((value as Flash).type) &&
    typeof (value as Flash).message === "string"
  );
}

/**
 * The flash messages waiting in a session, oldest first: a list, or one message as older
 * sessions stored it. Anything else is dropped.
 */
export function pendingFlashes(stored: unknown): Flash[] {
  if (Array.isArray(stored)) return stored.filter(isFlash);
  return isFlash(stored) ? [stored] : [];
}

/**
 * Adds a message to those not yet shown, so two redirects in a row keep both (the sync's
 * result, then the dashboard's auto-archive note); at most MAX_TOASTS, the newest kept.
 */
export function appendFlash(stored: unknown, next: Flash): Flash[] {
  return [...pendingFlashes(stored), next].slice(-MAX_TOASTS);
}

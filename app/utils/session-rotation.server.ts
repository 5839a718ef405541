import {
  commitSession,
  getSession,
  sessionStorage,
  type AppSession,
  type SessionData,
} from "./session.server";

/**
 * A new session id on every change of privilege (staff sign-in, a gate unlocked): the old
 * row is deleted and what it held is carried into a new one with a new random id, so an id
 * planted before the change (fixation) or seen before it is worth nothing after it.
 * Returns the Set-Cookie of the new session.
 */
export async function rotateSession(
  request: Request,
  change: (session: AppSession) => void,
): Promise<string> {
  const previous = await getSession(request);
  const fresh = await sessionStorage().getSession();
  for (const key of [
    "staffId",
    "bookingGate",
    "resultsGate",
    "resultsGateUntil",
  ] as const satisfies readonly (keyof SessionData)[]) {
    const value = previous.get(key);
    if (value !== undefined) fresh.set(key, value as never);
  }
  change(fresh);
  // Deleting the row ends the old id on the server; the cookie is replaced by the new one.
  if (previous.id) await sessionStorage().destroySession(previous);
  return commitSession(fresh);
}

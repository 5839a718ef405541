import { createCookie, createSessionStorage, redirect, type Session } from "@remix-run/node";
import { eq, lt } from "drizzle-orm";
import { sessions } from "~/db/schema";
import { appendFlash, pendingFlashes, type Flash } from "~/lib/flash";
import { db } from "./db.server";
import { getEnv } from "./env.server";
import { newRandomToken } from "./random.server";

/** Staff sessions last a working week; gate-only sessions end with the browser. */
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;

export type SessionData = {
  staffId?: number;
  /** When this staff session was signed in (ms; shown on /admin/staff). */
  signedInAt?: number;
  /** Issue 38: the password was right, the second factor is still to come (ms when it started). */
  pendingStaffId?: number;
  pendingAt?: number;
  /** Wrong second-factor codes in this sign-in (5 end it). */
  codeAttempts?: number;
  /** The secret being enrolled (shown as a QR code until a code proves it). */
  totpSetupSecret?: string;
  /** Shared-password gates passed in this session. */
  bookingGate?: boolean;
  resultsGate?: boolean;
  /** Issue 37: a results gate opened by a staff member's projector link ends then (ms since epoch). */
  resultsGateUntil?: number;
};
type SessionFlash = { flash: Flash[] };

let storage: ReturnType<typeof build> | undefined;

function build() {
  const env = getEnv();
  const cookie = createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.NODE_ENV === "production",
    secrets: [env.SESSION_SECRET],
  });
  // Sessions live in SQLite: the cookie holds a signed random id, so logging out or
  // expiring really ends the session (a copied cookie stops working).
  return createSessionStorage<SessionData, SessionFlash>({
    cookie,
    async createData(data, expires) {
      const id = newRandomToken(24);
      db()
        .insert(sessions)
        .values({ id, data: data as Record<string, unknown>, expiresAt: expires ?? defaultExpiry() })
        .run();
      return id;
    },
    async readData(id) {
      const row = db().select().from(sessions).where(eq(sessions.id, id)).get();
      if (!row) return null;
      if (row.expiresAt.getTime() <= Date.now()) {
        db().delete(sessions).where(eq(sessions.id, id)).run();
        return null;
      }
      return row.data as Partial<SessionData & SessionFlash>;
    },
    async updateData(id, data, expires) {
      db()
        .update(sessions)
        .set({ data: data as Record<string, unknown>, expiresAt: expires ?? defaultExpiry() })
        .where(eq(sessions.id, id))
        .run();
    },
    async deleteData(id) {
      db().delete(sessions).where(eq(sessions.id, id)).run();
    },
  });
}

function defaultExpiry() {
  return new Date(Date.now() + BROWSER_SESSION_MAX_AGE_SECONDS * 1000);
}

export function sessionStorage() {
  storage ??= build();
  return storage;
}

export type AppSession = Session<SessionData, SessionFlash>;

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** Sessions without a staff sign-in (gates, flash) end with the browser; the row with this. */
export const BROWSER_SESSION_MAX_AGE_SECONDS = 60 * 60 * 12;

/**
 * Saves the session. A staff session lasts SESSION_MAX_AGE_SECONDS; any other (a passed
 * shared-password gate, a flash message) is a browser-session cookie whose server-side
 * row expires after 12 hours, so a gate never outlives the browser.
 */
export function commitSession(session: AppSession) {
  if (typeof session.get("staffId") === "number") {
    return sessionStorage().commitSession(session, {
      maxAge: SESSION_MAX_AGE_SECONDS,
      expires: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
    });
  }
  return sessionStorage().commitSession(session, {
    maxAge: undefined,
    expires: undefined,
  });
}

export function destroySession(session: AppSession) {
  return sessionStorage().destroySession(session);
}

/** Drops expired sessions; run at start and now and then. */
export function purgeExpiredSessions(now = new Date()) {
  return db().delete(sessions).where(lt(sessions.expiresAt, now)).run().changes;
}

/**
 * Post/redirect/get with an outcome: the message rides in the session across the
 * redirect and the next page shows it (as a banner, and as a toast with JavaScript).
 */
export async function redirectWithFlash(request: Request, to: string, flash: Flash, init: ResponseInit = {}) {
  const session = await getSession(request);
  // Appended, not replaced: a second redirect before the page shows must not lose the first.
  session.flash("flash", appendFlash(session.get("flash"), flash));
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await commitSession(session));
  return redirect(to, { ...init, headers });
}

/**
 * Reads (and so consumes) the flash messages, oldest first; `flash` is the newest. Returns
 * the Set-Cookie to send back.
 */
export async function readFlash(
  request: Request,
): Promise<{ flash: Flash | null; flashes: Flash[]; setCookie: string | null }> {
  if (!request.headers.get("Cookie")?.includes("__session"))
    return { flash: null, flashes: [], setCookie: null };
  const session = await getSession(request);
  const flashes = pendingFlashes(session.get("flash"));
  if (flashes.length === 0) return { flash: null, flashes, setCookie: null };
  return { flash: flashes[flashes.length - 1], flashes, setCookie: await commitSession(session) };
}

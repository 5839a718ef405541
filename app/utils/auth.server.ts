import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { STAFF_LOGIN_FIELDS } from "~/lib/forms/staff-login";
import { safeRedirect } from "~/lib/safe-redirect";
import {
  getStaffById,
  hasTwoFactor,
  staffUsernameExists,
  twoFactorRequired,
  verifyStaffLogin,
  type StaffIdentity,
} from "~/models/staff.server";
import { getSession, type SessionData } from "./session.server";

export class InvalidCredentials extends Error {
  constructor() {
    super("Invalid credentials");
  }
}

const authenticator = new Authenticator<StaffIdentity>();

// The strategy reads the credentials from the request it is handed: the login's handler
// (features/staff/login.server.ts) hands it the ones handleForm checked (`authenticateStaff`).
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const username = String(form.get(STAFF_LOGIN_FIELDS.username) ?? "");
    const password = String(form.get(STAFF_LOGIN_FIELDS.password) ?? "");
    const staff = username && password ? await verifyStaffLogin(username, password) : null;
    if (!staff) throw new InvalidCredentials();
    return staff;
  }),
  "staff-form",
);

/**
 * remix-auth's sign-in with credentials already read and checked by the form pipeline: the
 * client's body is read once, within the form's bounds, by handleForm; the FormStrategy reads
 * these (remix-auth 4 takes nothing but a request, and its strategy reads the request's body).
 */
export function authenticateStaff(url: string, credentials: { username: string; password: string }) {
  const body = new URLSearchParams({
    [STAFF_LOGIN_FIELDS.username]: credentials.username,
    [STAFF_LOGIN_FIELDS.password]: credentials.password,
  });
  return authenticator.authenticate("staff-form", new Request(url, { method: "POST", body }));
}

/**
 * The per-username login budget's key (issue 39). An account has its own; usernames with no
 * account share a fixed set of UNKNOWN_USERNAME_BUDGETS budgets, picked by a keyed hash of the
 * name (the key is random per process). So made-up usernames cannot create keys without bound
 * (5,200 of them used to push a locked account out of the store), and the answers still say
 * nothing about which usernames exist: a made-up name is slowed after as many failures as a real
 * one, unless someone has first spent the budgets of all the shared keys (8 failures each,
 * about 8,200 in 15 minutes from 400 addresses). One shared budget would make that cost 8
 * failures: after them, every made-up name answers 429 and a real one 401.
 */
export const UNKNOWN_USERNAME_BUDGETS = 1024;
const unknownNameKey = crypto.randomBytes(32);

export function loginBudgetKey(
  username: string,
  database?: Parameters<typeof staffUsernameExists>[1],
): string {
  const name = username.trim().toLowerCase();
  if (staffUsernameExists(name, database)) return `staff:${name}`;
  const digest = crypto.createHmac("sha256", unknownNameKey).update(name).digest();
  return `unknown:${digest.readUInt32BE(0) % UNKNOWN_USERNAME_BUDGETS}`;
}

/** The signed-in staff member, or null. */
export async function getStaff(request: Request): Promise<StaffIdentity | null> {
  const session = await getSession(request);
  const id = session.get("staffId");
  return typeof id === "number" ? getStaffById(id) : null;
}

/**
 * The one guard every staff loader and action calls first. Pages (GET/HEAD) without a
 * session are sent to the login with a way back; anything else is refused with 401.
 */
export async function requireStaff(
  request: Request,
  options: { enrolling?: boolean } = {},
): Promise<StaffIdentity> {
  const staff = await getStaff(request);
  if (staff) {
    // Issue 38: once two-factor is required, a member without it can only set it up.
    if (!options.enrolling && twoFactorRequired() && !hasTwoFactor(staff.id)) {
      if (request.method === "GET" || request.method === "HEAD") throw redirect("/admin/two-factor");
      throw new Response("Set up two-factor sign-in first (/admin/two-factor).", { status: 403 });
    }
    return staff;
  }
  if (request.method === "GET" || request.method === "HEAD") {
    const url = new URL(request.url);
    const back = safeRedirect(url.pathname + url.search, "/admin");
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(back)}`);
  }
  throw new Response("Sign in as staff to do this.", { status: 401 });
}

export type Gate = "bookingGate" | "resultsGate";

/** Shared-password gates: passed in this session, or by any signed-in staff member. */
export async function hasGate(request: Request, gate: Gate): Promise<boolean> {
  const session = await getSession(request);
  // A projector link's gate (issue 37) ends at the link's end; the password's with the browser session.
  const until = gate === "resultsGate" ? session.get("resultsGateUntil") : undefined;
  if (session.get(gate) === true && !(typeof until === "number" && until <= Date.now())) return true;
  const id = session.get("staffId" satisfies keyof SessionData);
  return typeof id === "number" && getStaffById(id) !== null;
}

import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { STAFF_LOGIN_FIELDS } from "~/lib/forms/staff-login";
import { safeRedirect } from "~/lib/safe-redirect";
import { getStaffById, verifyStaffLogin, type StaffIdentity } from "~/models/staff.server";
import { getSession, type SessionData } from "./session.server";

export class InvalidCredentials extends Error {
  constructor() {
    super("Invalid credentials");
  }
}

export const authenticator = new Authenticator<StaffIdentity>();

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
export async function requireStaff(request: Request): Promise<StaffIdentity> {
  const staff = await getStaff(request);
  if (staff) return staff;
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
  if (session.get(gate) === true) return true;
  const id = session.get("staffId" satisfies keyof SessionData);
  return typeof id === "number" && getStaffById(id) !== null;
}

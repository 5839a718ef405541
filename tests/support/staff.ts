/**
 * Signing in as staff, three ways for three needs:
 * - `signInAsStaff`: a browser context gets a session row's signed cookie (no login budget spent;
 *   the login form itself is tested in auth.spec.ts and hostile-auth.spec.ts); `signInHalfway`
 *   stops at the code step, for the pages' looks (the step itself: staff-admin.spec.ts);
 * - `loginAsStaff`: a page's context signs in through the real login form's action;
 * - `loginStaff`: plain HTTP through the real form, for scripts; answers the Cookie header.
 * The Playwright fixture `signIn` (tests/e2e/fixtures.ts) is built on `signInAsStaff`.
 */
import crypto from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { sessions, staffUsers } from "~/db/schema";
import type { DB } from "~/utils/db.server";
import { E2E_ENV } from "./env";
import { loginFields, postForm } from "./forms";

/** Signs the browser context in as the seeded staff member (a server-side session row and its signed cookie). */
export async function signInAsStaff(context: BrowserContext, db: DB, baseURL: string) {
  await sessionOfSeededStaff(context, db, baseURL, (staffId) => ({ staffId }));
}

/**
 * The seeded staff member half-way through signing in: the password taken, the code step
 * (/admin/login/code, issue 38) next, as features/staff's `afterPassword` leaves the session.
 */
export async function signInHalfway(context: BrowserContext, db: DB, baseURL: string) {
  await sessionOfSeededStaff(context, db, baseURL, (staffId) => ({
    pendingStaffId: staffId,
    pendingAt: Date.now(),
    codeAttempts: 0,
  }));
}

async function sessionOfSeededStaff(
  context: BrowserContext,
  db: DB,
  baseURL: string,
  data: (staffId: number) => Record<string, unknown>,
) {
  const staff = db.select().from(staffUsers).where(eq(staffUsers.username, E2E_ENV.ADMIN_USERNAME)).get();
  if (!staff) throw new Error("the seeded staff account is missing");
  const id = crypto.randomBytes(24).toString("base64url");
  db.insert(sessions)
    .values({ id, data: data(staff.id), expiresAt: new Date(Date.now() + 3600_000) })
    .run();
  const header = await createCookie("__session", { secrets: [E2E_ENV.SESSION_SECRET] }).serialize(id);
  const value = header.split(";")[0].slice("__session=".length);
  await context.addCookies([{ name: "__session", value, url: baseURL }]);
}

/**
 * Signs in through the real login form's action: POST /admin/login with the seeded credentials
 * (on `base`, or the page's baseURL) from the page's own cookie jar (`page.request`), then opens
 * `redirectTo` where the form would have led. The form's page itself (drawn, filled, clicked,
 * with JavaScript and without) is auth.spec.ts's; drawing it before every staff test cost a page
 * load each (docs/decisions/test-kit.md).
 */
export async function loginAsStaff(page: Page, redirectTo = "/admin", base = "") {
  const origin = new URL((await page.request.get(`${base}/healthcheck`)).url()).origin;
  const res = await page.request.post(`${base}/admin/login`, {
    form: loginFields(E2E_ENV.ADMIN_USERNAME, E2E_ENV.ADMIN_PASSWORD, redirectTo),
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  if (res.status() !== 302 || !res.headers()["set-cookie"])
    throw new Error(`staff login failed (${res.status()}): ${await res.text()}`);
  await page.goto(`${base}${redirectTo}`);
}

/** The cookies a response sets, as a Cookie header (merged over `previous`). */
export function cookieHeader(res: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((c) => [c.split("=")[0], c] as const),
  );
  for (const c of res.headers.getSetCookie()) {
    const pair = c.split(";")[0];
    jar.set(pair.split("=")[0], pair);
  }
  return [...jar.values()].join("; ");
}

/** Logs in through the real form (POST /admin/login) over plain HTTP; answers the Cookie header. */
export async function loginStaff(
  base: string,
  credentials: { username: string; password: string },
): Promise<string> {
  const res = await postForm(
    base,
    "/admin/login",
    loginFields(credentials.username, credentials.password, "/admin"),
  );
  await res.text();
  const cookie = cookieHeader(res);
  if (res.status !== 302 || !cookie) throw new Error(`staff login failed (${res.status})`);
  return cookie;
}

/**
 * With JavaScript: waits for the staff form's preview of the chosen file (poster or headshot) and
 * clicks it at (`x`, `y`), fractions of its width and height, to set the focal point.
 */
export async function clickFocalPoint(page: Page, previewTestId: string, x: number, y: number) {
  const { expect } = await import("@playwright/test");
  const preview = page.getByTestId(previewTestId);
  await expect(preview).toHaveAttribute("src", /^blob:/);
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await preview.scrollIntoViewIfNeeded();
  const box = (await preview.boundingBox())!;
  await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
}

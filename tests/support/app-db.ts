// The app's own database for a unit test file of handlers (app/features/*): the handlers and the
// models they call use `db()`, so the file gets a fresh migrated database file of its own
// (DATABASE_PATH), with the environment it names, for all its tests.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { staffUsers } from "~/db/schema";
import { closeDatabase, db, runMigrations } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { readFlash } from "~/utils/session.server";

/** Registers the file's hooks: call once at the top of a test file. */
export function useAppDatabase(prefix: string, env: Record<string, string> = {}) {
  let dir = "";
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `laugh-${prefix}-`));
    process.env.DATABASE_PATH = path.join(dir, "app.db");
    Object.assign(process.env, env);
    resetEnvCache();
    runMigrations(db());
  });
  afterAll(() => {
    closeDatabase();
    delete process.env.DATABASE_PATH;
    for (const name of Object.keys(env)) delete process.env[name];
    resetEnvCache();
    fs.rmSync(dir, { recursive: true, force: true });
  });
}

export const ORIGIN = "http://localhost:3000";

/** A form POST as the page sends it (the Origin is the server pipeline's check, sent anyway). */
export const formPost = (url: string, fields: Record<string, string>, cookie?: string) =>
  new Request(`${ORIGIN}${url}`, {
    method: "POST",
    headers: {
      Origin: ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });

/** A staff member in the app's database (the actor of staff writes and audit lines). */
export const addStaff = (username = "owner") =>
  db()
    .insert(staffUsers)
    .values({ username, passwordHash: "x" })
    .returning({ id: staffUsers.id, username: staffUsers.username })
    .get();

/** The session cookie a response sets, as the next request's Cookie header (or null). */
export const sessionCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))
    ?.split(";")[0] ?? null;

/** The flash the next page shows, read from the redirect's session cookie. */
export async function flashOf(response: Response) {
  const cookie = sessionCookieOf(response);
  if (!cookie) return null;
  return (await readFlash(new Request(ORIGIN, { headers: { Cookie: cookie } }))).flash;
}

/** Conform's reply in a refused form's answer: each field's messages and the values sent back. */
export const replyOf = async (response: Response) =>
  (await response.json()) as { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };

/**
 * Issue 40: the staff actions moved onto the form pipeline (features/*), on the server side
 * (no browser): a bad value is refused with 400 and changes nothing; a good post changes what it
 * says and redirects with the spec's message.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleSendNow } from "~/features/mail/send-now.server";
import { closeDatabase, db, runMigrations } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { readFlash } from "~/utils/session.server";

const ORIGIN = "http://localhost:3000";

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-staff-forms-"));
  process.env.DATABASE_PATH = path.join(dir, "app.db");
  delete process.env.SMTP_URL;
  resetEnvCache();
  runMigrations(db());
});

afterAll(() => {
  closeDatabase();
  delete process.env.DATABASE_PATH;
  resetEnvCache();
  fs.rmSync(dir, { recursive: true, force: true });
});

const post = (url: string, body: string) =>
  new Request(`${ORIGIN}${url}`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });

/** The flash the next page shows, read from the redirect's session cookie. */
async function flashOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0];
  return (await readFlash(new Request(ORIGIN, { headers: { Cookie: cookie } }))).flash;
}

describe("Send now (/admin/mail)", () => {
  it("without SMTP_URL says the messages keep waiting", async () => {
    const response = await handleSendNow(post("/admin/mail", ""));
    expect(response.headers.get("Location")).toBe("/admin/mail");
    expect(await flashOf(response)).toMatchObject({
      type: "error",
      message: "Mail is not set up (SMTP_URL): the messages keep waiting here.",
    });
  });
});

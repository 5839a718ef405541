/**
 * Issue 38 on issue 40's event-form workflow (handleShowForm): the poster arrives as a temporary
 * file, never held whole in memory, and that file is gone after every answer (saved, refused as
 * busy, refused by the form's checks, or the "Load details from URL" form); a poster beyond one
 * processed and one waiting is a 503 with Retry-After and nothing stored.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, images, staffUsers } from "~/db/schema";
import { handleShowForm } from "~/features/events/show-form.server";
import { closeDatabase, db, runMigrations } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { POSTER_BUSY_MESSAGE, withPosterTicket } from "~/utils/image-pipeline.server";
import { UPLOAD_DIR } from "~/utils/multipart.server";
import { FORMS, formFields } from "../../../support/forms";

const ORIGIN = "http://localhost:3000";
let dir: string;
let staff: { id: number; username: string };
let poster: Buffer;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-show-upload-"));
  process.env.DATABASE_PATH = path.join(dir, "app.db");
  resetEnvCache();
  runMigrations(db());
  staff = db()
    .insert(staffUsers)
    .values({ username: "upload-owner", passwordHash: "x" })
    .returning({ id: staffUsers.id, username: staffUsers.username })
    .get();
  poster = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#804020" } })
    .jpeg()
    .toBuffer();
});

afterAll(() => {
  closeDatabase();
  delete process.env.DATABASE_PATH;
  resetEnvCache();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The new-event form with a poster, as the browser posts it (multipart). */
function eventPost(title: string, extra: Record<string, string> = {}) {
  const body = new FormData();
  const fields = formFields(FORMS.event, {
    title,
    date: "2031-06-01",
    time: "8:00 PM",
    venue: "Tipsy Toucan",
    ticketUrl: "https://www.eventbrite.ca/e/show-upload-tickets-1",
    imageFocus: "50,50",
  });
  for (const [k, v] of Object.entries({ ...fields, ...extra })) body.append(k, v);
  body.append("poster", new Blob([new Uint8Array(poster)], { type: "image/jpeg" }), "poster.jpg");
  return new Request(`${ORIGIN}/admin/events/new`, { method: "POST", headers: { Origin: ORIGIN }, body });
}

/** This process's temporary uploads (the reader names them `<pid>-…`). */
const uploads = () =>
  fs.existsSync(UPLOAD_DIR) ? fs.readdirSync(UPLOAD_DIR).filter((f) => f.startsWith(`${process.pid}-`)) : [];

async function noUploadsLeft() {
  const deadline = Date.now() + 5_000;
  while (uploads().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return uploads();
}

const titles = () =>
  db()
    .select({ title: events.title })
    .from(events)
    .all()
    .map((e) => e.title);

describe("the event form's poster", () => {
  it("is saved with the show, and its temporary file is gone after the answer", async () => {
    const answer = await handleShowForm(eventPost("Poster Night"), staff, null);
    expect(answer.status).toBe(302);
    expect(titles()).toContain("Poster Night");
    expect(db().select().from(images).all()).toHaveLength(1);
    expect(await noUploadsLeft()).toEqual([]);
  });

  it("beyond one processed and one waiting: 503 with Retry-After and the message on the form, nothing stored, the file gone", async () => {
    const gates: (() => void)[] = [];
    const held = [0, 1].map(() => withPosterTicket(() => new Promise<void>((r) => gates.push(r))));
    try {
      const answer = await handleShowForm(eventPost("Busy Night"), staff, null);
      expect(answer.status).toBe(503);
      expect(answer.headers.get("Retry-After")).toBe("60");
      const reply = await answer.json();
      expect(reply.error[""]).toEqual([`Poster: ${POSTER_BUSY_MESSAGE}`]);
      expect(reply.initialValue.title).toBe("Busy Night"); // the form comes back as typed
      expect(titles()).not.toContain("Busy Night");
      expect(db().select().from(images).all()).toHaveLength(1);
      expect(await noUploadsLeft()).toEqual([]);
    } finally {
      for (const open of gates) open();
      await Promise.all(held);
    }
  });

  it("a form refused by its checks, or the Load-details form, keeps no temporary file", async () => {
    const invalid = await handleShowForm(eventPost("", {}), staff, null);
    expect(invalid.status).toBe(400);
    const load = await handleShowForm(
      eventPost("Loaded", { intent: "load-url", sourceUrl: "" }),
      staff,
      null,
    );
    expect(load.status).toBe(200);
    expect(titles()).not.toContain("Loaded");
    expect(await noUploadsLeft()).toEqual([]);
  });
});

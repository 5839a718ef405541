/**
 * The public form actions end to end on the server side (no browser): stored first with
 * the promoter's e-mail queued in the outbox (issue 18), which the sender then delivers
 * through a local SMTP server; a refused e-mail never turns into an error.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages, contestantApplications, outbox } from "~/db/schema";
import { deliverDue } from "~/services/outbox-sender.server";
import { closeDatabase, db, runMigrations } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { startFakeSmtp } from "../../../fakes/smtp";
import { insertShow } from "../../../support/shows";

const ORIGIN = "http://localhost:3000";

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-actions-"));
  process.env.DATABASE_PATH = path.join(dir, "app.db");
  process.env.CONTACT_EMAIL = "promoter@example.com";
  resetEnvCache();
  runMigrations(db());
});

afterAll(() => {
  closeDatabase();
  delete process.env.SMTP_URL;
  delete process.env.DATABASE_PATH;
  delete process.env.CONTACT_EMAIL;
  resetEnvCache();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  db().delete(contactMessages).run();
  db().delete(contestantApplications).run();
  db().delete(outbox).run();
});

/** One pass of the outbox sender against the fake SMTP server. */
const deliver = (smtp: { url: string }) =>
  deliverDue({ smtpUrl: smtp.url, from: "promoter@example.com", retryBaseMs: 10 });

function post(url: string, fields: Record<string, string>): ActionFunctionArgs {
  const request = new Request(`${ORIGIN}${url}`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return {
    request,
    params: {},
    context: { clientIp: `10.0.0.${Math.floor(Math.random() * 250)}` },
  } as unknown as ActionFunctionArgs;
}

async function withSmtp(mode: "accept" | "reject") {
  const smtp = await startFakeSmtp({ mode });
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
  return smtp;
}

describe("contestant application action", () => {
  it("stores the application, then e-mails the promoter", async () => {
    const show = insertShow(db(), {
      title: "Action Test Game Show",
      date: "2099-05-16",
      time: "19:30",
      endTime: "22:00",
      acceptsApplications: true,
      applicationsCloseAt: new Date("2099-05-15T03:59:00Z"),
    });
    const { action } = await import("~/routes/event.$id_.apply");
    const smtp = await withSmtp("accept");
    const args = post(`/event/${show.id}/apply`, {
      from_name: "Pat Player",
      from_email: "pat@example.com",
      mobile_number: "519 555 0199",
      is_over_19: "on",
      can_attend: "yes",
      will_attend_if_not_selected: "no",
      fun_bio: "I once won a staring contest with a cat.",
      accepts_terms: "on",
      submissionToken: "application-token-000001",
    });
    args.params = { id: String(show.id) };
    const response = (await action(args)) as Response;
    await deliver(smtp);
    await smtp.close();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/event/${show.id}?applied=1#contestant-application`);
    const rows = db().select().from(contestantApplications).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      fullName: "Pat Player",
      canAttendEvent: true,
      willAttendIfNotSelected: false,
    });
    expect(rows[0].emailedAt).not.toBeNull();
    expect(smtp.received[0].raw).toContain("Contestant application: Action Test Game Show");
  });
});

// The public form actions' unit tests (contact, apply): a database of their own with the
// promoter's address set, emptied before each test; a form POST as a browser sends it; the outbox
// sender's one pass against a fake SMTP server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { contactMessages, contestantApplications, outbox } from "~/db/schema";
import { deliverDue } from "~/services/outbox-sender.server";
import { closeDatabase, db, runMigrations } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { startFakeSmtp } from "../fakes/smtp";

/** Registers the file's hooks: call once at the top of a test file. */
export function usePublicFormDatabase() {
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
}

const ORIGIN = "http://localhost:3000";

/** One pass of the outbox sender against the fake SMTP server. */
export const deliver = (smtp: { url: string }) =>
  deliverDue({ smtpUrl: smtp.url, from: "promoter@example.com", retryBaseMs: 10 });

export function post(url: string, fields: Record<string, string>): ActionFunctionArgs {
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

export async function withSmtp(mode: "accept" | "reject") {
  const smtp = await startFakeSmtp({ mode });
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
  return smtp;
}

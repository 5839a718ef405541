import { eq } from "drizzle-orm";
import { venues, waitlistEntries } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import { zonedInstant } from "~/lib/zoned-time";
import { sendDueReports } from "~/services/partner-reports.server";
import { resetEnvCache } from "~/utils/env.server";
import { partnerLinkToken } from "~/utils/partner-link.server";
import { E2E_ENV } from "../support/env";
import { readableMail } from "../support/mail";
import { eventually } from "../support/server";
import { insertShow } from "../support/shows";
import { signInAsStaff } from "../support/staff";
import { expect, test } from "./fixtures";

/**
 * Venue partner reports (issue 41, item 6), as staff and a venue's partner live them: staff list
 * the venue's recipients on its page; the week's report reaches each of them through the outbox
 * (a fake SMTP server) with a signed link; the link opens the report read-only, without an
 * account, and a forged or expired link opens nothing.
 *
 * The weekly job is the server's own `sendDueReports`, called here with noon of today as its
 * clock (the server's hourly check would wait for Monday 9 AM); the server's own outbox sender
 * delivers what it queued.
 */
test("staff set a venue's recipients; the weekly report reaches them with a link that opens it read-only, and expires", async ({
  browser,
  javaScriptOn,
  mail,
}) => {
  test.setTimeout(90_000);
  const { smtp, server } = await mail.start();
  const db = server.database;
  const stamp = javaScriptOn ? "js" : "nojs";
  const name = `Partner Room ${stamp}`;
  const venueId = db
    .insert(venues)
    .values({ name, slug: `partner-room-${stamp}` })
    .returning()
    .get().id;
  const date = addDaysIso(todayIn(), 3);
  const show = insertShow(db, {
    title: `Partner Night ${stamp}`,
    date,
    time: "20:00",
    venue: name,
    venueId,
    seatsSold: 30,
    seatsTotal: 80,
  });
  db.insert(waitlistEntries)
    .values({
      eventId: show.id,
      date,
      email: "fan@example.com",
      emailKey: "fan@example.com",
      token: `partner-${stamp}`,
      consentVersion: "1",
      source: "e2e",
      confirmedAt: new Date(),
    })
    .run();

  // Staff list the recipients on the venue's page: a typo is named and nothing stored.
  const staff = await browser.newContext({ baseURL: server.url, javaScriptEnabled: javaScriptOn });
  await signInAsStaff(staff, db, server.url);
  const page = await staff.newPage();
  await page.goto(`/admin/venues/${venueId}`);
  const recipients = page.getByLabel("Partner report recipients");
  await recipients.fill("Owner@PartnerRoom.example\nbooks(at)partnerroom.example");
  await page.getByRole("button", { name: "Save venue" }).click();
  await expect(page.getByText("Not an e-mail address: books(at)partnerroom.example")).toBeVisible();
  expect(db.select().from(venues).where(eq(venues.id, venueId)).get()?.reportRecipients).toBeNull();
  await page
    .getByLabel("Partner report recipients")
    .fill("Owner@PartnerRoom.example\nbooks@partnerroom.example");
  await page.getByRole("button", { name: "Save venue" }).click();
  await expect(page.getByText(`Venue "${name}" saved`)).toBeVisible();
  expect(db.select().from(venues).where(eq(venues.id, venueId)).get()?.reportRecipients).toBe(
    "owner@partnerroom.example\nbooks@partnerroom.example",
  );
  await page.goto(`/admin/venues/${venueId}`);
  const panel = page.getByRole("region", { name: "Partner report" });
  await expect(panel.getByText("No report sent yet.")).toBeVisible();

  // The week's report: queued once (in the server's database), sent by the server's outbox.
  process.env.SESSION_SECRET = E2E_ENV.SESSION_SECRET;
  process.env.LOG_LEVEL = "warn";
  resetEnvCache();
  const now = zonedInstant(todayIn(), "12:00");
  expect(sendDueReports({ database: db, now, origin: server.url })).toBe(1);
  expect(sendDueReports({ database: db, now, origin: server.url })).toBe(0);
  await eventually(() => smtp.received.length >= 2, "the two recipients' reports", 30_000);
  expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([
    "books@partnerroom.example",
    "owner@partnerroom.example",
  ]);
  const body = readableMail(smtp.received[0].raw);
  expect(body).toContain(`weekly report for ${name}`);
  expect(body).toMatch(new RegExp(`- Partner Night ${stamp}, .*: tickets 30 of 80; waitlist 1`));
  const link = new RegExp(`(${server.url}/partners/[\\w.-]+)`).exec(body)![1];

  await page.reload();
  await expect(panel.getByText(/Week of \d{4}-\d{2}-\d{2}: 2 recipients/)).toBeVisible();

  // The partner opens it: no account, read-only, the numbers of the mail.
  const partner = await browser.newContext({ javaScriptEnabled: javaScriptOn });
  const report = await partner.newPage();
  const response = await report.goto(link);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toContain("no-store");
  await expect(report.getByRole("heading", { level: 1, name: `${name}: partner report` })).toBeVisible();
  const row = report.getByRole("row", { name: new RegExp(`Partner Night ${stamp}`) });
  await expect(row.getByRole("cell")).toHaveText(["30 of 80", "1", "—"]);
  await expect(report.getByRole("button")).toHaveCount(0);
  await expect(report.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  // Forged (another venue under the same signature) or expired: nothing of the report.
  const [, expires, signature] = link.split("/partners/")[1].split(".");
  const forged = await report.goto(`${server.url}/partners/${venueId + 1}.${expires}.${signature}`);
  expect(forged?.status()).toBe(404);
  await expect(report.getByText("Partner Night")).toHaveCount(0);
  const old = partnerLinkToken(venueId, new Date(Date.now() - 60_000), E2E_ENV.SESSION_SECRET);
  const expired = await report.goto(`${server.url}/partners/${old}`);
  expect(expired?.status()).toBe(410);
  await expect(report.getByRole("heading", { level: 1, name: "This report link has expired" })).toBeVisible();
  await expect(report.getByText("The next weekly e-mail brings a new one.")).toBeVisible();

  await partner.close();
  await staff.close();
});

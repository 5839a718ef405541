import fs from "node:fs";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { events, outbox, waitlistEntries } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import type { DB } from "~/utils/db.server";
import {
  FAKE_EVENTBRITE_ORG,
  FAKE_EVENTBRITE_TOKEN,
  eventbriteFixture,
  startFakeEventbrite,
} from "../fakes/eventbrite";
import type { ReceivedMail } from "../fakes/smtp";
import { readableMail as readable } from "../support/mail";
import { eventually, freePort, type SeededServer } from "../support/server";
import { insertShow } from "../support/shows";
import { loginAsStaff } from "../support/staff";
import { expect, test } from "./fixtures";

/**
 * Issue 18: "Tell me when tickets free up". Each test runs the production server on its
 * own database with SMTP_URL pointing at the fake SMTP server (tests/fakes/smtp.ts), both
 * from the `mail` fixture (tests/support/mail.ts), which stops them after the test.
 */
const DATE = addDaysIso(todayIn(), 7);
test.describe.configure({ timeout: 60_000 });

function soldOutShow(db: DB, title: string) {
  return insertShow(db, {
    title,
    date: DATE,
    time: "20:00",
    venue: "Tipsy Toucan",
    ticketUrl: "https://tickets.example/waitlist",
    soldOut: true,
  });
}

/** A confirmed waitlist row written straight to the database (issue 39's columns). */
function confirmedRow(eventId: number, email: string, token: string, extra: { notifiedAt?: Date } = {}) {
  return {
    eventId,
    date: DATE,
    email,
    emailKey: email,
    token,
    consentVersion: "waitlist-2026-11",
    source: `/event/${eventId}`,
    confirmedAt: new Date(),
    ...extra,
  };
}

/** Ann waits for the sold-out show `title`; staff mark it available (the outbox tests' start). */
async function annWaitsThenAvailable(page: Page, server: SeededServer, title: string) {
  const show = soldOutShow(server.database, title);
  const token = `${title.toLowerCase().replace(/\W+/g, "-")}-token-0123456789`;
  server.database
    .insert(waitlistEntries)
    .values(confirmedRow(show.id, "ann@example.com", token))
    .run();
  await loginAsStaff(page, "/admin/waitlist", server.url);
  await page.getByRole("button", { name: `Mark available: ${title}` }).click();
  return show;
}

/** The mail of one kind: sign-up confirmations, or the "tickets are available" notices. */
const confirmations = (received: ReceivedMail[], to?: string) =>
  received.filter((m) => /^Subject: Please confirm/m.test(readable(m.raw)) && (!to || m.to[0] === to));
const notices = (received: ReceivedMail[]) =>
  received.filter((m) => /^Subject: Tickets available/m.test(readable(m.raw)));

/**
 * Issue 39's double opt-in, as a visitor lives it: the form, "check your inbox", the
 * confirmation e-mail, its link, the Confirm button.
 */
async function signUpAndConfirm(
  page: Page,
  base: string,
  received: ReceivedMail[],
  path: string,
  email: string,
) {
  await page.goto(`${base}${path}`);
  const form = page.getByRole("form", { name: "Tell me when tickets free up" });
  await expect(form.getByText("deleted after the show").first()).toBeVisible();
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Tell me" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Almost done: we've e-mailed a link" }),
  ).toBeVisible();
  const to = email.toLowerCase();
  await eventually(() => confirmations(received, to).length > 0, `the confirmation e-mail to ${to}`);
  const mail = readable(confirmations(received, to).at(-1)!.raw);
  expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  const link = /(https?:\/\/\S+?\/confirm\/[A-Za-z0-9_-]+)/.exec(mail)![1];
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Confirmed: you're on the list" })).toBeVisible();
}

test.describe("waitlist", () => {
  test("sold out → two confirmed sign-ups → available → exactly two notices; the unsubscribe link works", async ({
    page,
    javaScriptOn,
    mail,
  }) => {
    const { smtp, server } = await mail.start();
    const show = soldOutShow(server.database, `Waitlist Night ${javaScriptOn ? "js" : "nojs"}`);
    for (const email of ["ann@example.com", "Bo@Example.com"])
      await signUpAndConfirm(page, server.url, smtp.received, `/event/${show.id}`, email);
    // The same mailbox again (another spelling): the same answer, nothing new stored or sent.
    await page.goto(`${server.url}/event/${show.id}`);
    await page.getByLabel("Email").fill("ANN@example.com");
    await page.getByRole("button", { name: "Tell me" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Almost done" })).toBeVisible();
    expect(
      server.database.select().from(waitlistEntries).where(eq(waitlistEntries.eventId, show.id)).all(),
    ).toHaveLength(2);
    await page.waitForTimeout(1000);
    expect(confirmations(smtp.received)).toHaveLength(2);
    // Still sold out: nobody told.
    expect(notices(smtp.received)).toHaveLength(0);

    await loginAsStaff(page, "/admin/waitlist", server.url);
    const row = page.getByRole("row", { name: new RegExp(show.title) });
    await expect(row).toContainText("2 waiting");
    await row.getByRole("button", { name: `Mark available: ${show.title}` }).click();
    await eventually(() => notices(smtp.received).length >= 2, "two notices");
    await page.waitForTimeout(1000);
    expect(
      notices(smtp.received)
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(["ann@example.com", "bo@example.com"]);

    const annMail = readable(notices(smtp.received).find((m) => m.to[0] === "ann@example.com")!.raw);
    expect(annMail).toContain("https://tickets.example/waitlist");
    expect(annMail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    // Who sends it, with the postal address from the configuration (CASL).
    expect(annMail).toContain("Laugh Windsor, 123 Test Street, Windsor ON N9A 1A1");
    const link = /List-Unsubscribe: <([^>]+)>/.exec(annMail)![1];
    expect(annMail).toContain(`Unsubscribe (one click, no questions): ${link}`);
    // The link opens a confirmation page (a GET never unsubscribes: link scanners follow GETs).
    await page.goto(link);
    await expect(page.getByText("Stop e-mails to ann@example.com")).toBeVisible();
    const annRows = () =>
      server.database
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.email, "ann@example.com"))
        .all();
    expect(annRows()).toHaveLength(1);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("status")).toContainText("Done: you won't get these e-mails any more");
    expect(annRows()).toHaveLength(0);

    // RFC 8058 one-click: the mail provider POSTs from its own servers (another Origin, multipart).
    const boLink = /List-Unsubscribe: <([^>]+)>/.exec(
      readable(notices(smtp.received).find((m) => m.to[0] === "bo@example.com")!.raw),
    )![1];
    for (let i = 0; i < 2; i++) {
      const oneClick = await page.request.post(boLink, {
        multipart: { "List-Unsubscribe": "One-Click" },
        headers: { Origin: "https://mail.provider.example" },
        maxRedirects: 0,
      });
      expect(oneClick.status(), `one-click POST ${i + 1}`).toBe(200);
    }
    expect(
      server.database.select().from(waitlistEntries).where(eq(waitlistEntries.eventId, show.id)).all(),
    ).toHaveLength(0);
  });

  test("a sold-out date of a recurring show: the form on that date only; freeing it e-mails its list", async ({
    page,
    javaScriptOn,
    mail,
  }) => {
    const { smtp, server } = await mail.start();
    const other = addDaysIso(DATE, 7);
    const show = insertShow(
      server.database,
      {
        title: `Weekly Mic ${javaScriptOn ? "js" : "nojs"}`,
        date: DATE,
        time: "20:00",
        ticketUrl: "https://tickets.example/mic",
      },
      [{ date: DATE }, { date: other, soldOut: true }],
    );
    await page.goto(`${server.url}/event/${show.id}?date=${DATE}`);
    await expect(page.getByRole("link", { name: "GET TICKETS" }).first()).toBeVisible();
    await expect(page.getByRole("form", { name: "Tell me when tickets free up" })).toHaveCount(0);
    await page.goto(`${server.url}/event/${show.id}?date=${other}`);
    await expect(page.getByRole("link", { name: "GET TICKETS" })).toHaveCount(0);
    await signUpAndConfirm(
      page,
      server.url,
      smtp.received,
      `/event/${show.id}?date=${other}`,
      "cy@example.com",
    );

    await loginAsStaff(page, "/admin/waitlist", server.url);
    const row = page.getByRole("row", { name: new RegExp(`${show.title}.*1 waiting`) });
    await row.getByRole("button", { name: /^Mark available/ }).click();
    await expect(page.getByText("1 waiting person is being e-mailed")).toBeVisible();
    await eventually(() => notices(smtp.received).length === 1, "one notice");
    expect(notices(smtp.received)[0].to).toEqual(["cy@example.com"]);
    await page.goto(`${server.url}/event/${show.id}?date=${other}`);
    await expect(page.getByRole("link", { name: "GET TICKETS" }).first()).toBeVisible();
  });

  test("bad input: 400 with a message, honeypot and not-sold-out shows store nothing @once", async ({
    page,
    request,
    javaScriptOn,
    mail,
  }) => {
    const server = await mail.server({});
    const show = soldOutShow(server.database, `Waitlist Bad ${javaScriptOn ? "js" : "nojs"}`);
    const post = (form: Record<string, string>) =>
      request.post(`${server.url}/event/${show.id}/waitlist?date=${DATE}`, {
        form,
        headers: { Origin: server.url },
        maxRedirects: 0,
      });
    const consent = "waitlist-2026-11";
    const bad = await post({ email: "not-an-address", date: DATE, consent });
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toContain("Enter a valid email address");
    // Without the consent wording's version (a page from before a wording change): 400.
    expect((await post({ email: "ok@example.com", date: DATE })).status()).toBe(400);
    expect(
      (await post({ email: "bot@example.com", date: DATE, consent, website: "http://spam" })).status(),
    ).toBe(302);
    server.database.update(events).set({ soldOut: false }).where(eq(events.id, show.id)).run();
    expect((await post({ email: "late@example.com", date: DATE, consent })).status()).toBe(409);
    expect(server.database.select().from(waitlistEntries).all()).toHaveLength(0);
    // Without SMTP_URL staff see the outbox waiting.
    await loginAsStaff(page, "/admin/waitlist", server.url);
    await page.goto(`${server.url}/admin/mail`);
    await expect(page.getByRole("alert")).toContainText("SMTP_URL");
  });
});

test.describe("staff and the ticketing sync tell the list", () => {
  test("Send now: one e-mail per person waiting; a second press within the day sends nothing and says so", async ({
    page,
    javaScriptOn,
    mail,
  }) => {
    const { smtp, server } = await mail.start();
    // Seats are on sale; two people still wait: one never told, one told two days ago.
    const show = soldOutShow(server.database, `Send Now Night ${javaScriptOn ? "js" : "nojs"}`);
    server.database.update(events).set({ soldOut: false }).where(eq(events.id, show.id)).run();
    server.database
      .insert(waitlistEntries)
      .values([
        confirmedRow(show.id, "ann@example.com", "send-now-token-ann-0123"),
        confirmedRow(show.id, "bo@example.com", "send-now-token-bo-01234", {
          notifiedAt: new Date(Date.now() - 2 * 86_400_000),
        }),
      ])
      .run();
    await loginAsStaff(page, "/admin/waitlist", server.url);
    const row = page.getByRole("row", { name: new RegExp(show.title) });
    await expect(row).toContainText("2 waiting (1 e-mailed)");
    // The list as a spreadsheet.
    const download = page.waitForEvent("download");
    await row.getByRole("link", { name: new RegExp(`^CSV: ${show.title}`) }).click();
    const csv = fs
      .readFileSync((await (await download).path())!, "utf8")
      .trim()
      .split(/\r?\n/);
    expect(csv[0]).toBe("Show,Show id,Date,Email,Joined,Last e-mailed");
    expect(csv.slice(1).map((line) => line.split(",")[3])).toEqual(["ann@example.com", "bo@example.com"]);
    expect(csv[1].endsWith(",")).toBe(true); // Ann was never e-mailed
    await row.getByRole("button", { name: new RegExp(`^Send now: ${show.title}`) }).click();
    await expect(page.getByText(/2 waiting people are being e-mailed about/)).toBeVisible();
    await eventually(() => smtp.received.length >= 2, "two e-mails");
    await expect(page.getByRole("row", { name: new RegExp(show.title) })).toContainText(
      "2 waiting (2 e-mailed)",
    );

    await page
      .getByRole("row", { name: new RegExp(show.title) })
      .getByRole("button", { name: new RegExp(`^Send now: ${show.title}`) })
      .click();
    await expect(
      page.getByText(/Nobody e-mailed: everyone waiting for .* was e-mailed within the last day/),
    ).toBeVisible();
    await page.waitForTimeout(1500);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(["ann@example.com", "bo@example.com"]);
    expect(server.database.select().from(outbox).all()).toHaveLength(2);
  });

  test("the platform frees seats of a sold-out show and a sold-out series date: the sync reopens them and e-mails their lists once", async ({
    page,
    mail,
  }) => {
    test.setTimeout(90_000);
    // This test's own platform fake (the shared one belongs to sync.spec.ts).
    const platform = await startFakeEventbrite();
    const { smtp, server } = await mail.start({
      EVENTBRITE_API_URL: platform.url,
      EVENTBRITE_TOKEN: FAKE_EVENTBRITE_TOKEN,
      EVENTBRITE_ORGANIZATION_ID: FAKE_EVENTBRITE_ORG,
    });
    const syncNow = async () => {
      await page.goto(`${server.url}/admin`);
      await page.getByRole("button", { name: "Sync from Eventbrite" }).click();
      await expect(page.getByText(/Successfully synced \d+ events/)).toBeVisible({ timeout: 30_000 });
    };
    try {
      await loginAsStaff(page, "/admin/waitlist", server.url);
      await syncNow();
      const show = server.database.select().from(events).where(eq(events.externalId, "9100000002")).get()!;
      expect(show.soldOut).toBe(true);
      // The fixture series (real payload shapes): its 2031-09-09 date is sold out on the platform.
      const series = server.database.select().from(events).where(eq(events.externalId, "9200000010")).get()!;
      await page.context().clearCookies();
      const signUp = (path: string, email: string) =>
        signUpAndConfirm(page, server.url, smtp.received, path, email);
      for (const email of ["ann@example.com", "bo@example.com"]) await signUp(`/event/${show.id}`, email);
      await signUp(`/event/${series.id}?date=2031-09-09`, "cy@example.com");

      // The platform releases seats for both.
      const seats = eventbriteFixture<{ ticket_availability: Record<string, unknown> }>(
        "series-parent",
      ).ticket_availability;
      for (const id of ["9100000002", "92000000121"]) {
        await fetch(new URL("/__patch", platform.url), {
          method: "POST",
          body: JSON.stringify({
            id,
            patch: { ticket_availability: { ...seats, has_available_tickets: true, is_sold_out: false } },
          }),
        });
      }
      await loginAsStaff(page, "/admin/waitlist", server.url);
      // Staff see that the platform sold it out, so a sync will reopen it.
      await expect(page.getByRole("row", { name: new RegExp(`${show.title}.*2 waiting`) })).toContainText(
        "Sold out on Eventbrite",
      );
      await syncNow();
      await expect(
        page.getByText("Tickets are available again: 3 waiting people are being e-mailed."),
      ).toBeVisible();
      await eventually(() => notices(smtp.received).length >= 3, "three notices");
      expect(
        notices(smtp.received)
          .map((m) => m.to[0])
          .sort(),
      ).toEqual(["ann@example.com", "bo@example.com", "cy@example.com"]);
      expect(readable(notices(smtp.received).find((m) => m.to[0] === "ann@example.com")!.raw)).toContain(
        "fake-sync-sold-out-special-tickets-9100000002",
      );
      expect(readable(notices(smtp.received).find((m) => m.to[0] === "cy@example.com")!.raw)).toContain(
        "?date=2031-09-09",
      );
      await page.goto(`${server.url}/event/${show.id}`);
      await expect(page.getByRole("link", { name: "GET TICKETS" }).first()).toBeVisible();
      await expect(page.getByRole("form", { name: "Tell me when tickets free up" })).toHaveCount(0);

      // The next sync finds nothing new: no e-mail, and the message says nothing about one.
      await syncNow();
      await expect(page.getByText(/being e-mailed/)).toHaveCount(0);
      await page.waitForTimeout(1500);
      expect(notices(smtp.received)).toHaveLength(3);
    } finally {
      await mail.close();
      await platform.close();
    }
  });
});

test.describe("outbox delivery", () => {
  // Server-side delivery, not a browser matter: run once (in the "js" project).
  test.skip(
    ({ javaScriptEnabled }) => javaScriptEnabled === false,
    "delivery does not depend on the browser",
  );

  test("SMTP down → the outbox keeps the e-mail (staff see it waiting) → SMTP back → delivered once", async ({
    page,
    mail,
  }) => {
    const port = await freePort();
    const server = await mail.server({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    await annWaitsThenAvailable(page, server, "Outage Night");
    await eventually(() => (server.database.select().from(outbox).get()?.attempts ?? 0) >= 1, "a failed try");
    await page.goto(`${server.url}/admin/mail`);
    await expect(page.getByRole("row", { name: /ann@example.com.*Waiting/ })).toBeVisible();
    const smtp = await mail.smtp({ port });
    await eventually(() => smtp.received.length === 1, "delivery after the outage", 15_000);
    await page.waitForTimeout(1500);
    expect(smtp.received).toHaveLength(1);
    expect(server.database.select().from(outbox).get()).toMatchObject({ status: "sent" });
  });

  test("SIGTERM in the middle of a send → the send finishes and is recorded; nothing is sent again after the restart", async ({
    page,
    mail,
  }) => {
    // The mail server keeps the message as soon as it arrives and answers 3 s later.
    const slow = await mail.smtp({ mode: "slow", delayMs: 3_000 });
    const server = await mail.server({ SMTP_URL: slow.url });
    await annWaitsThenAvailable(page, server, "Deploy Night");
    await eventually(() => slow.received.length === 1, "the message on the mail server");
    // A deploy stops the server while the mail server has not answered yet.
    const stopping = Date.now();
    await server.terminate();
    expect(Date.now() - stopping).toBeLessThan(12_000);
    expect(server.database.select().from(outbox).get()).toMatchObject({ status: "sent" });
    await server.restart();
    // Well past the lease (1.5 s) and a poll: a message not recorded as sent would go again.
    await page.waitForTimeout(4_000);
    expect(slow.received).toHaveLength(1);
  });

  test("kill -9 between commit and send → delivered once after the restart", async ({ page, mail }) => {
    // The first server's mail server takes the message and never answers: the row is
    // committed and claimed, the send never completes, then the process is killed.
    const stuck = await mail.smtp({ mode: "hang" });
    const server = await mail.server({ SMTP_URL: stuck.url });
    const smtp = await mail.smtp();
    await annWaitsThenAvailable(page, server, "Crash Night");
    await eventually(
      () => server.database.select().from(outbox).get()?.leaseUntil != null,
      "the sender's claim",
    );
    await server.kill();
    expect(server.database.select().from(outbox).get()).toMatchObject({ status: "pending" });
    await server.restart({ SMTP_URL: smtp.url });
    await eventually(() => smtp.received.length === 1, "delivery after the restart", 15_000);
    await page.waitForTimeout(2000);
    expect(smtp.received).toHaveLength(1);
    expect(stuck.received).toHaveLength(0);
    expect(server.database.select().from(outbox).get()).toMatchObject({ status: "sent" });
  });
});

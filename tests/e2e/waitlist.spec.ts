import { eq } from "drizzle-orm";
import { events, outbox, waitlistEntries } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import type { DB } from "~/utils/db.server";
import { startFakeSmtp } from "../fakes/smtp";
import { freePort } from "../support/server";
import { insertShow } from "../support/shows";
import { loginAsStaff } from "../support/staff";
import { expect, test } from "./fixtures";
import { eventually, startMailServer } from "./mail-server";

/**
 * Issue 18: "Tell me when tickets free up". Each test runs the production server on its
 * own database with SMTP_URL pointing at the fake SMTP server (tests/fakes/smtp.ts).
 */
const DATE = addDaysIso(todayIn(), 7);

function soldOutShow(db: DB, title: string) {
  return insertShow(db, { title, date: DATE, time: "20:00", venue: "Tipsy Toucan", ticketUrl: "https://tickets.example/waitlist", soldOut: true });
}

/** Unfolds header lines and quoted-printable soft breaks so links can be read whole. */
const readable = (raw: string) => raw.replace(/\r\n[ \t]+/g, " ").replace(/=\r\n/g, "").replace(/=3D/g, "=");

test.describe("waitlist", () => {
  test("sold out → two sign-ups → available → exactly two e-mails; the unsubscribe link works", async ({ page, javaScriptOn }) => {
    test.setTimeout(60_000);
    const smtp = await startFakeSmtp();
    const server = await startMailServer({ SMTP_URL: smtp.url });
    try {
      const show = soldOutShow(server.database, `Waitlist Night ${javaScriptOn ? "js" : "nojs"}`);
      for (const email of ["ann@example.com", "Bo@Example.com"]) {
        await page.goto(`${server.url}/event/${show.id}`);
        const form = page.getByRole("form", { name: "Tell me when tickets free up" });
        await expect(form.getByText("deleted after the show")).toBeVisible();
        await form.getByLabel("Email").fill(email);
        await form.getByRole("button", { name: "Tell me" }).click();
        await expect(page.getByRole("status")).toContainText(`You're on the list for ${show.title}`);
        await expect(page.getByRole("status")).toContainText("deleted after the show");
      }
      // The same address again: told so, nothing new stored.
      await page.goto(`${server.url}/event/${show.id}`);
      await page.getByLabel("Email").fill("ann@example.com");
      await page.getByRole("button", { name: "Tell me" }).click();
      await expect(page.getByRole("status")).toContainText("already on the list");
      expect(server.database.select().from(waitlistEntries).where(eq(waitlistEntries.eventId, show.id)).all()).toHaveLength(2);
      // Still sold out: nobody e-mailed.
      expect(smtp.received).toHaveLength(0);

      await loginAsStaff(page, "/admin/waitlist", server.url);
      const row = page.getByRole("row", { name: new RegExp(show.title) });
      await expect(row).toContainText("2 waiting");
      await row.getByRole("button", { name: `Mark available: ${show.title}` }).click();
      await eventually(() => smtp.received.length >= 2, "two e-mails");
      await page.waitForTimeout(1000);
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(["ann@example.com", "bo@example.com"]);

      const mail = readable(smtp.received.find((m) => m.to[0] === "ann@example.com")!.raw);
      expect(mail).toContain("https://tickets.example/waitlist");
      expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      const link = /List-Unsubscribe: <([^>]+)>/.exec(mail)![1];
      // The link opens a confirmation page (a GET never unsubscribes: link scanners follow GETs).
      await page.goto(link);
      await expect(page.getByText("Stop e-mails to ann@example.com")).toBeVisible();
      expect(server.database.select().from(waitlistEntries).where(eq(waitlistEntries.email, "ann@example.com")).all()).toHaveLength(1);
      await page.getByRole("button", { name: "Leave the list" }).click();
      await expect(page.getByRole("status")).toContainText("you've left the list");
      expect(server.database.select().from(waitlistEntries).where(eq(waitlistEntries.email, "ann@example.com")).all()).toHaveLength(0);

      // RFC 8058 one-click: the mail provider POSTs from its own servers (no Origin, multipart).
      const boLink = /List-Unsubscribe: <([^>]+)>/.exec(readable(smtp.received.find((m) => m.to[0] === "bo@example.com")!.raw))![1];
      const oneClick = await page.request.post(boLink, { multipart: { "List-Unsubscribe": "One-Click" }, maxRedirects: 0 });
      expect(oneClick.status()).toBe(200);
      expect(server.database.select().from(waitlistEntries).where(eq(waitlistEntries.eventId, show.id)).all()).toHaveLength(0);
    } finally {
      await server.close();
      await smtp.close();
    }
  });

  test("a sold-out date of a recurring show: the form on that date only; freeing it e-mails its list", async ({ page, javaScriptOn }) => {
    test.setTimeout(60_000);
    const smtp = await startFakeSmtp();
    const server = await startMailServer({ SMTP_URL: smtp.url });
    try {
      const other = addDaysIso(DATE, 7);
      const show = insertShow(
        server.database,
        { title: `Weekly Mic ${javaScriptOn ? "js" : "nojs"}`, date: DATE, time: "20:00", ticketUrl: "https://tickets.example/mic" },
        [{ date: DATE }, { date: other, soldOut: true }],
      );
      await page.goto(`${server.url}/event/${show.id}?date=${DATE}`);
      await expect(page.getByRole("link", { name: "GET TICKETS" }).first()).toBeVisible();
      await expect(page.getByRole("form", { name: "Tell me when tickets free up" })).toHaveCount(0);
      await page.goto(`${server.url}/event/${show.id}?date=${other}`);
      await expect(page.getByRole("link", { name: "GET TICKETS" })).toHaveCount(0);
      await page.getByLabel("Email").fill("cy@example.com");
      await page.getByRole("button", { name: "Tell me" }).click();
      await expect(page.getByRole("status")).toContainText("You're on the list");

      await loginAsStaff(page, "/admin/waitlist", server.url);
      const row = page.getByRole("row", { name: new RegExp(`${show.title}.*1 waiting`) });
      await row.getByRole("button", { name: /^Mark available/ }).click();
      await expect(page.getByText("1 waiting person is being e-mailed")).toBeVisible();
      await eventually(() => smtp.received.length === 1, "one e-mail");
      expect(smtp.received[0].to).toEqual(["cy@example.com"]);
      await page.goto(`${server.url}/event/${show.id}?date=${other}`);
      await expect(page.getByRole("link", { name: "GET TICKETS" }).first()).toBeVisible();
    } finally {
      await server.close();
      await smtp.close();
    }
  });

  test("bad input: 400 with a message, honeypot and not-sold-out shows store nothing", async ({ page, request, javaScriptOn }) => {
    test.setTimeout(60_000);
    const server = await startMailServer({});
    try {
      const show = soldOutShow(server.database, `Waitlist Bad ${javaScriptOn ? "js" : "nojs"}`);
      const post = (form: Record<string, string>) =>
        request.post(`${server.url}/event/${show.id}/waitlist?date=${DATE}`, { form, headers: { Origin: server.url }, maxRedirects: 0 });
      const bad = await post({ email: "not-an-address", date: DATE });
      expect(bad.status()).toBe(400);
      expect(await bad.text()).toContain("Enter a valid email address");
      expect((await post({ email: "bot@example.com", date: DATE, website: "http://spam" })).status()).toBe(302);
      server.database.update(events).set({ soldOut: false }).where(eq(events.id, show.id)).run();
      expect((await post({ email: "late@example.com", date: DATE })).status()).toBe(409);
      expect(server.database.select().from(waitlistEntries).all()).toHaveLength(0);
      // Without SMTP_URL staff see the outbox waiting.
      await loginAsStaff(page, "/admin/waitlist", server.url);
      await page.goto(`${server.url}/admin/mail`);
      await expect(page.getByRole("alert")).toContainText("SMTP_URL");
    } finally {
      await server.close();
    }
  });
});

test.describe("outbox delivery", () => {
  // Server-side delivery, not a browser matter: run once (in the "js" project).
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "delivery does not depend on the browser");

  test("SMTP down → the outbox keeps the e-mail (staff see it waiting) → SMTP back → delivered once", async ({ page }) => {
    test.setTimeout(60_000);
    const port = await freePort();
    const server = await startMailServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    let smtp: Awaited<ReturnType<typeof startFakeSmtp>> | null = null;
    try {
      const show = soldOutShow(server.database, "Outage Night");
      server.database.insert(waitlistEntries).values({ eventId: show.id, date: DATE, email: "ann@example.com", token: "outage-token-0123456789" }).run();
      await loginAsStaff(page, "/admin/waitlist", server.url);
      await page.getByRole("button", { name: "Mark available: Outage Night" }).click();
      await eventually(() => (server.database.select().from(outbox).get()?.attempts ?? 0) >= 1, "a failed try");
      await page.goto(`${server.url}/admin/mail`);
      await expect(page.getByRole("row", { name: /ann@example.com.*Waiting/ })).toBeVisible();
      smtp = await startFakeSmtp({ port });
      await eventually(() => smtp!.received.length === 1, "delivery after the outage", 15_000);
      await page.waitForTimeout(1500);
      expect(smtp.received).toHaveLength(1);
      expect(server.database.select().from(outbox).get()).toMatchObject({ status: "sent" });
    } finally {
      await server.close();
      await smtp?.close();
    }
  });

  test("kill -9 between commit and send → delivered once after the restart", async ({ page }) => {
    test.setTimeout(60_000);
    // The first server's mail server takes the message and never answers: the row is
    // committed and claimed, the send never completes, then the process is killed.
    const stuck = await startFakeSmtp({ mode: "hang" });
    const server = await startMailServer({ SMTP_URL: stuck.url });
    const smtp = await startFakeSmtp();
    try {
      const show = soldOutShow(server.database, "Crash Night");
      server.database.insert(waitlistEntries).values({ eventId: show.id, date: DATE, email: "ann@example.com", token: "crash-token-0123456789" }).run();
      await loginAsStaff(page, "/admin/waitlist", server.url);
      await page.getByRole("button", { name: "Mark available: Crash Night" }).click();
      await eventually(() => server.database.select().from(outbox).get()?.leaseUntil != null, "the sender's claim");
      await server.kill();
      expect(server.database.select().from(outbox).get()).toMatchObject({ status: "pending" });
      await server.restart({ SMTP_URL: smtp.url });
      await eventually(() => smtp.received.length === 1, "delivery after the restart", 15_000);
      await page.waitForTimeout(2000);
      expect(smtp.received).toHaveLength(1);
      expect(stuck.received).toHaveLength(0);
      expect(server.database.select().from(outbox).get()).toMatchObject({ status: "sent" });
    } finally {
      await server.close();
      await smtp.close();
      await stuck.close();
    }
  });
});

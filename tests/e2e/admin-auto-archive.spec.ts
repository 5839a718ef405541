import { and, gte, isNull, lt } from "drizzle-orm";
import { eventDates, events } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import { startSeededServer, type SeededServer } from "../support/server";
import { insertShow } from "../support/shows";
import { loginAsStaff } from "../support/staff";
import { expect, test } from "./fixtures";

/**
 * Auto-archive counts every past show, so it runs against its own server and database:
 * on the shared one, another test's dashboard load could archive this test's show first.
 */
let server: SeededServer | undefined;

test.beforeAll(async () => {
  server = await startSeededServer();
});

test.afterAll(async () => {
  await server?.close();
});

test("a show dated yesterday (Toronto) is archived automatically when the dashboard loads", async ({
  browser,
  javaScriptOn,
}) => {
  const context = await browser.newContext({ baseURL: server!.url, javaScriptEnabled: javaScriptOn });
  const page = await context.newPage();
  const db = server!.database;
  const today = todayIn("America/Toronto");
  // Sign in without loading the dashboard, then add a show that ended yesterday.
  await loginAsStaff(page, "/admin/events/new");
  const show = insertShow(db, {
    title: "Yesterday's Show",
    date: addDaysIso(today, -1),
    time: "20:00",
    venue: "Test Venue",
    ticketUrl: "https://t.example",
  });
  // Past = the last date, recurring dates included, is before today.
  const running = new Set(
    db
      .select({ id: eventDates.eventId })
      .from(eventDates)
      .where(gte(eventDates.date, today))
      .all()
      .map((r) => r.id),
  );
  const past = db
    .select()
    .from(events)
    .where(and(isNull(events.archivedAt), lt(events.date, today)))
    .all()
    .filter((s) => !running.has(s.id));
  expect(past.map((s) => s.id)).toContain(show.id);

  await page.goto("/admin");
  await expect(page.getByText(`Automatically archived ${past.length} past events`)).toBeVisible();
  await expect(page.getByRole("article", { name: "Yesterday's Show" })).toHaveCount(0);
  await page.getByRole("link", { name: "Archive", exact: true }).click();
  await expect(page.getByRole("article", { name: "Yesterday's Show" })).toBeVisible();

  // The next load has nothing left to archive and says nothing.
  await page.goto("/admin");
  await expect(page.getByText(/Automatically archived/)).toHaveCount(0);
  await context.close();
});

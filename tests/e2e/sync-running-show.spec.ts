import { eq } from "drizzle-orm";
import { events } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import { zonedInstant } from "~/lib/zoned-time";
import {
  eventbriteFixture,
  FAKE_EVENTBRITE_ORG,
  FAKE_EVENTBRITE_TOKEN,
  startFakeEventbrite,
} from "../fakes/eventbrite";
import { startSeededServer, type SeededServer } from "../support/server";
import { insertShow } from "../support/shows";
import { signInAsStaff } from "../support/staff";
import { expect, test } from "./fixtures";

/**
 * Issue 41: a show that started before today and is still running (its end day is later)
 * is current for the sync AND the dashboard's auto-archive, and the dashboard shows every
 * message of the load that follows a sync (the sync's and the auto-archive's). Its own server
 * and fake: the auto-archive counts every past show of the database.
 */
let server: SeededServer | undefined;
let fake: Awaited<ReturnType<typeof startFakeEventbrite>> | undefined;
const TITLE = "Running Comedy Festival";

test.beforeAll(async () => {
  const today = todayIn("America/Toronto");
  const moment = (date: string, time: string) => ({
    timezone: "America/Toronto",
    local: `${date}T${time}:00`,
    utc: zonedInstant(date, time, "America/Toronto").toISOString().replace(".000Z", "Z"),
  });
  // The captured multi-day shape, started yesterday and ending the day after tomorrow.
  const running = {
    ...eventbriteFixture("multi-day"),
    id: "9400000001",
    name: { text: TITLE, html: TITLE },
    url: "https://www.eventbrite.ca/e/running-comedy-festival-tickets-9400000001",
    start: moment(addDaysIso(today, -1), "19:00"),
    end: moment(addDaysIso(today, 2), "23:00"),
  };
  fake = await startFakeEventbrite({ listed: [running] });
  server = await startSeededServer({
    EVENTBRITE_API_URL: fake.url,
    EVENTBRITE_TOKEN: FAKE_EVENTBRITE_TOKEN,
    EVENTBRITE_ORGANIZATION_ID: FAKE_EVENTBRITE_ORG,
  });
});

test.afterAll(async () => {
  await server?.close();
  await fake?.close();
});

test("a running show stays current after a sync, and the dashboard shows the sync's and the auto-archive's messages", async ({
  browser,
  javaScriptOn,
}) => {
  const context = await browser.newContext({ baseURL: server!.url, javaScriptEnabled: javaScriptOn });
  await signInAsStaff(context, server!.database, server!.url);
  const page = await context.newPage();
  const db = server!.database;
  // A first load archives what the demo data left in the past.
  await page.goto("/admin");
  const today = todayIn("America/Toronto");
  insertShow(db, { title: "Last Night's Show", date: addDaysIso(today, -1), venue: "Test Venue" });

  await page.getByRole("button", { name: "Sync from Eventbrite" }).click();
  await expect(
    page.getByText(/Successfully synced \d+ events from the external ticketing platform/),
  ).toBeVisible();
  await expect(page.getByText("Automatically archived 1 past events")).toBeVisible();

  const row = db.select().from(events).where(eq(events.externalId, "9400000001")).get()!;
  expect(row.archivedAt).toBeNull();
  await expect(page.getByRole("article", { name: TITLE })).toBeVisible();
  // The next load archives nothing: the running show is not past for the dashboard either.
  await page.goto("/admin");
  await expect(page.getByText(/Automatically archived/)).toHaveCount(0);
  expect(db.select().from(events).where(eq(events.id, row.id)).get()!.archivedAt).toBeNull();
  // And the public lists show it.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: TITLE }).first()).toBeVisible();
  await context.close();
});

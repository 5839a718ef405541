import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { auditLog, eventDates, events, venues } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import type { DB } from "~/utils/db.server";
import { startFakePages } from "../fakes/eventbrite";
import { BOOKABLE, insertShow as insertShowRow, type ShowDateRow, type ShowRow } from "../support/shows";
import { chooseVenue, chosenVenue, venueSelect } from "../support/venue-picker";
import { expect, test } from "./fixtures";

const unique = (label: string) => `${label} ${crypto.randomBytes(4).toString("hex")}`;
const inDays = (n: number) => addDaysIso(todayIn("America/Toronto"), n);

/** A stored upcoming show with everything the form requires (tests/support/shows.ts). */
const insertShow = (db: DB, values: Partial<ShowRow> & { title: string }, dates: ShowDateRow[] = []) =>
  insertShowRow(db, { ...BOOKABLE, date: inDays(20), price: "$15", ...values }, dates);

function showByTitle(db: DB, title: string) {
  return db.select().from(events).where(eq(events.title, title)).get();
}

test("adding an event: required fields are asked for, then the show is stored with its time cut to HH:MM", async ({
  page,
  signIn,
  db,
  javaScriptOn,
}) => {
  const title = unique("Created Show");
  await signIn();
  await page.getByRole("link", { name: "Add New Event" }).click();
  await expect(page.getByRole("heading", { name: "Add New Event" })).toBeVisible();

  await page.getByLabel("Title").fill(title);
  if (javaScriptOn) {
    await page.getByRole("button", { name: "Create Event" }).click();
  } else {
    // Without JavaScript the server answers the invalid post itself: 400, same page.
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Create Event" }).click(),
    ]);
    expect(response.status()).toBe(400);
  }
  await expect(
    page.getByRole("alert").filter({ hasText: "Please fill in all required fields" }),
  ).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByText("Required").first()).toBeVisible();

  await page.getByLabel("Date", { exact: true }).fill(inDays(40));
  await page.getByLabel("Time", { exact: true }).fill("8:15 pm");
  await chooseVenue(page, "Tipsy Toucan");
  await page
    .getByLabel("Ticket URL", { exact: true })
    .fill("https://www.eventbrite.ca/e/created-tickets-1234567");
  await page.getByLabel("Price", { exact: true }).fill("$20");
  await page.getByRole("button", { name: "Create Event" }).click();

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Event created successfully")).toBeVisible();
  await expect(page.getByRole("article", { name: title })).toContainText("8:15 PM");
  const row = showByTitle(db, title);
  expect(row).toMatchObject({ time: "20:15", venue: "Tipsy Toucan", source: "manual", price: "$20" });
  const audit = db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "event"), eq(auditLog.entityId, String(row!.id))))
    .all();
  expect(audit.map((a) => [a.action, a.actor])).toEqual([["event.create", "admin"]]);
});

test("recurring dates: add and remove keep the values, an incomplete date is refused, the dates are stored", async ({
  page,
  signIn,
  db,
}) => {
  const title = unique("Recurring Show");
  await signIn("/admin/events/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Date", { exact: true }).fill(inDays(30));
  await page.getByLabel("Time", { exact: true }).fill("19:00");
  await chooseVenue(page, "Tipsy Toucan");
  await page.getByLabel("Ticket URL", { exact: true }).fill("https://tickets.example.com/main");
  await expect(page.getByText("Recurring: Off")).toBeVisible();

  await page.getByRole("button", { name: "Add date" }).click();
  await expect(page.getByText("Recurring: On (1 date)")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await page.getByLabel("Date of recurring date 1").fill(inDays(37));
  await page.getByLabel("Time of recurring date 1").fill("9:30 PM");
  await page.getByLabel("Ticket URL of recurring date 1").fill("https://tickets.example.com/second");
  await page.getByLabel("Price (optional) of recurring date 1").fill("$30");

  await page.getByRole("button", { name: "Add date" }).click();
  await expect(page.getByText("Recurring: On (2 dates)")).toBeVisible();
  await expect(page.getByLabel("Time of recurring date 1")).toHaveValue("9:30 PM");
  await page.getByLabel("Date of recurring date 2").fill(inDays(44));
  await page.getByRole("button", { name: "Create Event" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Please fill in all fields for the recurring date" }),
  ).toBeVisible();
  expect(showByTitle(db, title)).toBeUndefined();

  await page.getByRole("button", { name: "Remove date 2" }).click();
  await expect(page.getByText("Recurring: On (1 date)")).toBeVisible();
  await expect(page.getByLabel("Ticket URL of recurring date 1")).toHaveValue(
    "https://tickets.example.com/second",
  );
  await page.getByRole("button", { name: "Create Event" }).click();
  await expect(page.getByText("Event created successfully")).toBeVisible();

  const row = showByTitle(db, title)!;
  const dates = db.select().from(eventDates).where(eq(eventDates.eventId, row.id)).all();
  expect(dates.map((d) => [d.date, d.time, d.ticketUrl, d.price])).toEqual([
    [inDays(37), "21:30", "https://tickets.example.com/second", "$30"],
  ]);
});

test("removing the last recurring date turns recurring off", async ({ page, signIn }) => {
  await signIn("/admin/events/new");
  await page.getByLabel("Title").fill("Kept title");
  await page.getByRole("button", { name: "Add date" }).click();
  await expect(page.getByText("Recurring: On (1 date)")).toBeVisible();
  await page.getByRole("button", { name: "Remove date 1" }).click();
  await expect(page.getByText("Recurring: Off")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Kept title");
});

test("editing a show keeps what was stored and records before and after", async ({ page, signIn, db }) => {
  const title = unique("Editable Show");
  const show = insertShow(db, { title, time: "19:30" });
  await signIn(`/admin/events/${show.id}`);
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Time", { exact: true })).toHaveValue("7:30 PM");
  await chooseVenue(page, "Mastronardi Estate Winery");
  await page.getByLabel("Time", { exact: true }).fill("20:00:00");
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(page.getByText("Event updated successfully")).toBeVisible();
  expect(showByTitle(db, title)).toMatchObject({ venue: "Mastronardi Estate Winery", time: "20:00" });
  // Other specs audit other kinds of rows with the same numeric id: look at this show's entries only.
  const audit = db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, "event"),
        eq(auditLog.entityId, String(show.id)),
        eq(auditLog.action, "event.update"),
      ),
    )
    .get();
  expect(audit).toMatchObject({
    action: "event.update",
    before: expect.objectContaining({ venue: "Test Venue" }),
    after: expect.objectContaining({ venue: "Mastronardi Estate Winery" }),
  });
});

test("the venue is a record: a show whose venue text matches none still shows, saves and gets one; a picked record's address shows", async ({
  page,
  signIn,
  db,
}) => {
  // Issue 42: a show from before the picker (or a synced one without a platform venue).
  const hall = unique("Old Barn Hall");
  const title = unique("Barn Show");
  const show = insertShow(db, { title, venue: hall, venueId: null, date: inDays(21) });
  await page.goto(`/event/${show.id}`);
  await expect(page.getByText(hall).first()).toBeVisible();

  await signIn(`/admin/events/${show.id}`);
  await expect(venueSelect(page)).toHaveValue("new");
  await expect(page.getByLabel("New venue's name")).toHaveValue(hall);
  await page.getByLabel("New venue's town").fill("Harrow");
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(page.getByText("Event updated successfully")).toBeVisible();
  const record = db.select().from(venues).where(eq(venues.name, hall)).get()!;
  expect(record).toMatchObject({ city: "Harrow", address1: null });
  expect(showByTitle(db, title)).toMatchObject({ venue: hall, venueId: record.id });
  await page.goto(`/event/${show.id}`);
  await expect(page.getByRole("link", { name: hall }).first()).toHaveAttribute("href", `/${record.slug}`);

  // The edit form now starts on the record; picking another one shows that venue's address.
  await page.goto(`/admin/events/${show.id}`);
  await expect(chosenVenue(page)).toHaveText(`${hall} (Harrow)`);
  await chooseVenue(page, "Mastronardi Estate Winery");
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(page.getByText("Event updated successfully")).toBeVisible();
  await page.goto(`/event/${show.id}`);
  await expect(page.getByText("1193 Concession Road 3").first()).toBeVisible();
  // A new venue chosen without a name is refused, nothing stored.
  await page.goto(`/admin/events/${show.id}`);
  await venueSelect(page).selectOption("new");
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(page.getByText("Enter the new venue's name")).toBeVisible();
  expect(showByTitle(db, title)?.venue).toBe("Mastronardi Estate Winery");
});

test("sold out can be switched on and off from the dashboard", async ({ page, signIn, db }) => {
  const title = unique("Sellout Show");
  insertShow(db, { title });
  await signIn();
  const card = page.getByRole("article", { name: title });
  await card.getByRole("button", { name: /Mark sold out/ }).click();
  await expect(page.getByText("Event marked as sold out")).toBeVisible();
  await expect(
    page.getByRole("article", { name: title }).getByText("Sold out", { exact: true }),
  ).toBeVisible();
  expect(showByTitle(db, title)?.soldOut).toBe(true);

  await page
    .getByRole("article", { name: title })
    .getByRole("button", { name: /Mark available/ })
    .click();
  await expect(page.getByText("Event marked as available")).toBeVisible();
  expect(showByTitle(db, title)?.soldOut).toBe(false);
});

test("archiving asks first, moves the show to the archive, and the archived show is read-only", async ({
  page,
  signIn,
  db,
  javaScriptOn,
}) => {
  const title = unique("Archivable Show");
  const show = insertShow(db, { title });
  await signIn();
  await page.getByRole("link", { name: `Archive ${title}` }).click();
  const question = "Are you sure you want to archive this event? It will be moved to the archive.";
  if (javaScriptOn) {
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(question);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect(showByTitle(db, title)?.archivedAt).toBeNull();
    await page.getByRole("link", { name: `Archive ${title}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Archive" }).click();
  } else {
    await expect(page).toHaveURL(new RegExp(`/admin/events/${show.id}/archive$`));
    await expect(page.getByText(question)).toBeVisible();
    await page.getByRole("button", { name: "Archive" }).click();
  }
  await expect(page.getByText("Event archived successfully")).toBeVisible();
  await expect(page.getByRole("article", { name: title })).toHaveCount(0);
  expect(showByTitle(db, title)?.archivedAt).toBeInstanceOf(Date);

  await page.getByRole("link", { name: "Archive", exact: true }).click();
  await expect(page.getByRole("article", { name: title })).toBeVisible();
  await expect(
    page.getByRole("article", { name: title }).getByRole("button", { name: /Mark sold out/ }),
  ).toHaveCount(0);
  await page.goto(`/admin/events/${show.id}`);
  await expect(page.getByText("This event is archived and cannot be edited.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Update Event" })).toHaveCount(0);

  // A hand-made post to the edit action is refused too, and changes nothing.
  const forced = await page.request.post(`/admin/events/${show.id}`, {
    form: {
      title,
      date: inDays(20),
      time: "19:30",
      venue: "Changed Venue",
      ticketUrl: "https://tickets.example.com/x",
    },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(forced.status()).toBe(302);
  expect(showByTitle(db, title)?.venue).toBe("Test Venue");
});

test("a missing show is reported by its id", async ({ page, signIn }) => {
  await signIn("/admin/events/987654/archive");
  await expect(page.getByText("Event with ID 987654 not found")).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
});

test("a recurring show stays active while one of its dates is still ahead", async ({ page, signIn, db }) => {
  const title = unique("Still Running Series");
  insertShow(db, { title, date: inDays(-7) }, [{ date: inDays(7) }]);
  await signIn();
  await expect(page.getByRole("article", { name: title })).toBeVisible();
  expect(showByTitle(db, title)?.archivedAt).toBeNull();
});

test("loading details from a ticketing-platform URL fills the form; an unknown event gives the placeholder", async ({
  page,
  signIn,
}) => {
  await signIn("/admin/events/new");
  await page
    .getByLabel("Load details from URL")
    .fill("https://www.eventbrite.ca/e/fake-platform-comedy-night-tickets-424242424242?aff=x");
  await page.getByRole("button", { name: "Load details" }).click();
  await expect(page.getByText("Event details loaded")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Fake Platform Comedy Night");
  // A venue no record has: "New venue…" with its name, so saving creates the record (issue 42).
  await expect(venueSelect(page)).toHaveValue("new");
  await expect(page.getByLabel("New venue's name")).toHaveValue("The Fake Room");
  await expect(page.getByLabel("Date", { exact: true })).toHaveValue("2030-03-14");
  await expect(page.getByLabel("Time", { exact: true })).toHaveValue("8:30 PM");
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue("$25");
  // The organiser's crop (logo.url), not the 6000×4000 original.
  await expect(page.getByLabel("Image URL")).toHaveValue("https://img.example.com/small.jpg");

  await page
    .getByLabel("Load details from URL")
    .fill("https://www.eventbrite.ca/e/gone-tickets-111111111111");
  await page.getByRole("button", { name: "Load details" }).click();
  await expect(
    page.getByText("Failed to load event details. Please check the URL and try again."),
  ).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("External Eventbrite Event");
  await expect(page.getByLabel("Date", { exact: true })).toHaveValue(todayIn("America/Toronto"));
  await expect(page.getByLabel("Time", { exact: true })).toHaveValue("7:00 PM");
  await expect(chosenVenue(page)).toHaveText("TBA");
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue("TBA");
});

test("loading details from any other page reads its Open Graph and schema.org data", async ({
  page,
  signIn,
}) => {
  const pages = await startFakePages({
    "/wine-and-laughs": `<!doctype html><html><head><title>Ignored</title>
      <meta property="og:title" content="Wine &amp; Laughs Night">
      <meta property="og:description" content="Comedy among the vines.">
      <script type="application/ld+json">{"@context":"https://schema.org","@type":"Event","name":"Wine & Laughs Night","startDate":"2031-06-20T20:00:00-04:00","location":{"@type":"Place","name":"Mastronardi Estate Winery"},"offers":{"price":"45"}}</script>
      </head><body></body></html>`,
  });
  try {
    await signIn("/admin/events/new");
    await page.getByLabel("Load details from URL").fill(`${pages.url}/wine-and-laughs`);
    await page.getByRole("button", { name: "Load details" }).click();
    await expect(page.getByText("Event details loaded")).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue("Wine & Laughs Night");
    await expect(chosenVenue(page)).toHaveText(/^Mastronardi Estate Winery/);
    await expect(page.getByLabel("Date", { exact: true })).toHaveValue("2031-06-20");
    await expect(page.getByLabel("Time", { exact: true })).toHaveValue("8:00 PM");
    await expect(page.getByLabel("Price", { exact: true })).toHaveValue("$45");

    await page.getByLabel("Load details from URL").fill(`${pages.url}/missing-page`);
    await page.getByRole("button", { name: "Load details" }).click();
    await expect(
      page.getByText("Failed to load event details. Please check the URL and try again."),
    ).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue("External Event");
  } finally {
    await pages.close();
  }
});

test("the debug page shows the raw fields, the sanitized description and the show as JSON", async ({
  page,
  signIn,
  db,
}) => {
  const title = unique("Debug Show");
  const show = insertShow(db, {
    title,
    summary: "Short summary",
    description: 'Line one <script>alert("x")</script><strong>bold</strong>',
  });
  await signIn("/debug");
  await page.getByRole("link", { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(new RegExp(`/debug/${show.id}$`));
  await expect(page.getByTestId("raw-title")).toHaveText(title);
  await expect(page.getByTestId("raw-summary")).toHaveText("Short summary");
  await expect(page.getByTestId("raw-description")).toContainText('<script>alert("x")</script>');
  await expect(page.getByTestId("rendered-description").locator("strong")).toHaveText("bold");
  await expect(page.getByTestId("rendered-description").locator("script")).toHaveCount(0);
  await expect(page.getByTestId("show-json")).toContainText(`"id": ${show.id}`);
  await expect(page.getByRole("link", { name: "Open the public page" })).toHaveAttribute(
    "href",
    `/event/${show.id}`,
  );

  await page.goto("/debug/987654");
  await expect(page.getByText("Failed to load event data: Event with ID 987654 not found")).toBeVisible();
});

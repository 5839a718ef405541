import { and, eq } from "drizzle-orm";
import { comedians, eventComedians, events, venues } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import { comedianSlug } from "~/lib/lineup";
import { showPath } from "~/lib/slug";
import { insertShow } from "../support/shows";
import { signInAsStaff } from "../support/staff";
import { chooseVenue } from "../support/venue-picker";
import { uniq } from "../support/voting";
import { expect, test } from "./fixtures";

const inDays = (n: number) => addDaysIso(todayIn("America/Toronto"), n);

test("staff create a venue and a comedian, put the comedian in a show's line-up at that venue, and visitors read it everywhere", async ({
  page,
  context,
  db,
  baseURL,
  javaScriptOn,
}) => {
  test.setTimeout(60_000);
  const tag = uniq();
  const name = `Zara Quill ${tag}`;
  const slug = comedianSlug(name);
  const other = db
    .insert(comedians)
    .values({ name: `Otto Brisk ${tag}`, slug: `otto-brisk-${tag}` })
    .returning()
    .get();
  // Every title word unique to this run: show slugs match on two title words.
  const title = `Lineup${tag} Test${tag} Show${tag} Night${tag}`;
  const show = insertShow(db, {
    title,
    date: inDays(20),
    time: "20:00",
    venue: "Tipsy Toucan",
    ticketUrl: "https://tickets.example.com/lineup",
    price: "$15",
  });

  try {
    // 1. A comedian profile: a blank name is refused with nothing stored, then created.
    await signInAsStaff(context, db, baseURL!);
    await page.goto("/admin/comedians/new");
    await page.getByLabel("Instagram").fill("https://evil.example/zara");
    // Leave the field first: with JavaScript its error shows on blur and moves the button.
    await page.getByLabel("Name").click();
    if (javaScriptOn) {
      await page.getByRole("button", { name: "Create comedian" }).click();
    } else {
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.getByRole("button", { name: "Create comedian" }).click(),
      ]);
      expect(response.status()).toBe(400);
    }
    await expect(page.getByText("Comedian name is required")).toBeVisible();
    await expect(page.getByText("Enter an Instagram link or @handle")).toBeVisible();
    expect(db.select().from(comedians).where(eq(comedians.slug, slug)).get()).toBeUndefined();

    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Short bio").fill("Observational comedy about parking lots.");
    await page.getByLabel("Instagram").fill("@zara.quill.demo");
    await page.getByLabel("Website").fill("https://example.com/zara");
    await page.getByRole("button", { name: "Create comedian" }).click();
    await expect(page.getByText(`Saved comedian: ${name}`).first()).toBeVisible();
    const zara = db.select().from(comedians).where(eq(comedians.slug, slug)).get()!;
    expect(zara).toMatchObject({
      name,
      instagramUrl: "https://www.instagram.com/zara.quill.demo",
      websiteUrl: "https://example.com/zara",
    });

    // 2. The event form: a new venue typed by name creates its record; the line-up is added,
    // picked and reordered (JavaScript on or off).
    const venueName = `Lineup Hall ${tag}`;
    await page.goto(`/admin/events/${show.id}`);
    await chooseVenue(page, venueName);
    await page.getByRole("button", { name: "Add comedian to line-up" }).click();
    await page.getByLabel("Comedian in line-up spot 1").selectOption(String(other.id));
    await page.getByRole("button", { name: "Add comedian to line-up" }).click();
    await expect(page.getByLabel("Comedian in line-up spot 1")).toHaveValue(String(other.id));
    await page.getByLabel("Comedian in line-up spot 2").selectOption(String(zara.id));
    await page.getByLabel("Role in line-up spot 2").selectOption("headliner");
    await page.getByRole("button", { name: "Move up line-up spot 2" }).click();
    await expect(page.getByLabel("Comedian in line-up spot 1")).toHaveValue(String(zara.id));
    await expect(page.getByLabel("Role in line-up spot 1")).toHaveValue("headliner");
    await expect(page.getByLabel("Role in line-up spot 2")).toHaveValue("host");
    await page.getByRole("button", { name: "Update Event" }).click();
    // Back on the dashboard (its banner may be the auto-archive notice instead of "updated").
    await page.waitForURL((url) => url.pathname === "/admin");
    const rows = db
      .select()
      .from(eventComedians)
      .where(eq(eventComedians.eventId, show.id))
      .orderBy(eventComedians.position)
      .all();
    expect(rows.map((r) => [r.comedianId, r.role])).toEqual([
      [zara.id, "headliner"],
      [other.id, "host"],
    ]);
    const hall = db.select().from(venues).where(eq(venues.name, venueName)).get()!;
    expect(hall).toMatchObject({ name: venueName, address1: null, city: null });
    expect(db.select().from(events).where(eq(events.id, show.id)).get()?.venueId).toBe(hall.id);

    // 3. The card: search on / finds the show by the comedian's name and reads "with A and B".
    await page.goto(`/?q=${encodeURIComponent(name)}`);
    const card = page.locator("article.show-card").filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await expect(card.locator(".show-card__lineup")).toHaveText(`with ${name} and ${other.name}`);
    await expect(card.locator(".show-card__venue").getByRole("link", { name: venueName })).toHaveAttribute(
      "href",
      `/${hall.slug}`,
    );

    // 4. The event page: line-up with roles, and performers in the JSON-LD.
    await page.goto(`/event/${show.id}`);
    const lineup = page.getByRole("region", { name: "Line-up" });
    await expect(lineup.getByRole("listitem")).toHaveText([`${name} · Headliner`, `${other.name} · Host`]);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent())!,
    );
    const origin = new URL(page.url()).origin;
    expect(jsonLd.performer).toEqual([
      {
        "@type": "Person",
        name,
        url: `${origin}/comedians/${slug}`,
        sameAs: ["https://www.instagram.com/zara.quill.demo", "https://example.com/zara"],
      },
      { "@type": "Person", name: other.name, url: `${origin}/comedians/${other.slug}` },
    ]);
    // The new venue has no address: the JSON-LD names the place and guesses none.
    expect(jsonLd.location).toEqual({ "@type": "Place", name: venueName });

    // 5. The show page.
    await page.goto(showPath({ id: show.id, title, date: show.date }));
    await expect(page.getByRole("region", { name: "Line-up" }).getByRole("link", { name })).toBeVisible();

    // 6. The comedian page: bio, links, the upcoming show, and a calendar feed to subscribe to.
    await page.getByRole("region", { name: "Line-up" }).getByRole("link", { name }).click();
    await expect(page).toHaveURL(new RegExp(`/comedians/${slug}$`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("Observational comedy about parking lots.")).toBeVisible();
    await expect(
      page.getByRole("list", { name: "Links" }).getByRole("link", { name: "Instagram" }),
    ).toHaveAttribute("href", "https://www.instagram.com/zara.quill.demo");
    const upcoming = page.getByRole("list", { name: "Upcoming shows" });
    await expect(upcoming.getByRole("link", { name: title, exact: true })).toBeVisible();
    await expect(upcoming).toContainText("Headliner");
    await page.getByText(`Follow ${name}'s shows`).click();
    await expect(page.getByRole("link", { name: /^Subscribe \(Apple/ })).toHaveAttribute(
      "href",
      `webcal://${new URL(origin).host}/comedians/${slug}/calendar.ics`,
    );
    const feed = await page.request.get(`/comedians/${slug}/calendar.ics`);
    expect(feed.headers()["content-type"]).toContain("text/calendar");
    expect(await feed.text()).toContain(`SUMMARY:${title}`);

    // 7. The venue page: the new venue's page lists the show with its line-up.
    await upcoming
      .getByRole("listitem")
      .filter({ hasText: title })
      .getByRole("link", { name: venueName })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${hall.slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: venueName })).toBeVisible();
    const atVenue = page.locator(".venue-shows__item").filter({ hasText: title });
    await expect(atVenue.locator(".show-card__lineup")).toHaveText(`with ${name} and ${other.name}`);
    await expect(
      page.getByRole("region", { name: `Where to find ${venueName}` }).locator(".venue-place__address"),
    ).toHaveCount(0);

    // 8. /comedians lists them among those with an upcoming show; the sitemap lists the page.
    await page.goto("/comedians");
    const soon = page.locator("h2", { hasText: "On stage soon" }).locator("xpath=following-sibling::ul[1]");
    await expect(soon.getByRole("link", { name })).toBeVisible();
    expect(await (await page.request.get("/sitemap.xml")).text()).toContain(`/comedians/${slug}</loc>`);
  } finally {
    // Clean up what this test created.
    db.delete(eventComedians)
      .where(and(eq(eventComedians.eventId, show.id)))
      .run();
    db.delete(events).where(eq(events.id, show.id)).run();
  }
});

test("an unknown comedian is a 404 page and an unknown series feed a 404 @once", async ({ page }) => {
  const res = await page.goto("/comedians/nobody-by-this-name");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Comedian not found" })).toBeVisible();
  expect((await page.request.get("/series/no-such-series-here/calendar.ics")).status()).toBe(404);
});

test("a recurring show offers its series feed; the per-show download carries a reminder", async ({
  page,
  db,
}) => {
  const first = db
    .select()
    .from(events)
    .where(eq(events.title, "Laughs on the Waterfront"))
    .orderBy(events.date)
    .get()!;
  await page.goto(`/event/${first.id}`);
  // Issue 42 (item 7): one "Add to calendar" menu holds the date's and the series' links.
  const menu = page.locator("details.calendar-menu");
  await expect(menu).toHaveCount(1);
  await menu.getByText("Add to calendar").click();
  const group = menu.getByRole("group", { name: "Every date of Laughs on the Waterfront" });
  const host = new URL(page.url()).host;
  await expect(group.getByRole("link", { name: /^Subscribe \(Apple/ })).toHaveAttribute(
    "href",
    `webcal://${host}/series/laughs-on-the-waterfront/calendar.ics`,
  );
  await expect(group.getByRole("link", { name: /^Subscribe in Google Calendar/ })).toHaveAttribute(
    "href",
    `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(`webcal://${host}/series/laughs-on-the-waterfront/calendar.ics`)}`,
  );
  const series = await (await page.request.get("/series/laughs-on-the-waterfront/calendar.ics")).text();
  expect(series.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  expect(series).not.toContain("BEGIN:VALARM");
  const one = await (await page.request.get(`/event/${first.id}/calendar.ics`)).text();
  expect(one).toContain("BEGIN:VALARM\r\nACTION:DISPLAY");
  expect(one).toContain("TRIGGER:-PT2H");
  // The chosen date's own file and Google event sit in the same menu.
  const date = menu.getByRole("group", { name: "This date" });
  await expect(date.getByRole("link", { name: "Apple, Outlook (.ics file)" })).toHaveAttribute(
    "href",
    `/event/${first.id}/calendar.ics?date=${first.date}`,
  );
  await expect(date.getByRole("link", { name: /^Google Calendar/ })).toHaveAttribute(
    "href",
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
  );
  const dated = await (await page.request.get(`/event/${first.id}/calendar.ics?date=${first.date}`)).text();
  expect(dated.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  expect(dated).toContain("BEGIN:VALARM");
});

test("comedian profiles are staff-only: visitors are sent to login and their posts store nothing @once", async ({
  page,
  db,
}) => {
  await page.goto("/admin/comedians");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fcomedians/);
  const origin = new URL(page.url()).origin;
  const res = await page.request.post("/admin/comedians/new", {
    form: { name: "Sneaky Comic" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(401);
  expect(db.select().from(comedians).where(eq(comedians.name, "Sneaky Comic")).get()).toBeUndefined();
});

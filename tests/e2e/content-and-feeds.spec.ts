import { eq } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import ical, { type VEvent } from "node-ical";
import { contactMessages, contestantApplications, newsletterSignups, redirects, venues } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import { insertShow } from "../support/shows";
import { loginAsStaff } from "../support/staff";
import { expect, test } from "./fixtures";

const tag = (js: boolean) => `${js ? "js" : "nojs"}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

test.describe("about and venue pages", () => {
  test("/about has the press links, the venue cards and Get in Touch", async ({ page }) => {
    const response = await page.goto("/about");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Our Story" })).toBeVisible();
    await expect(page.getByRole("region", { name: "As featured in" }).getByRole("link")).toHaveCount(3);
    for (const path of [
      "/downtown-windsor",
      "/tipsy-toucan",
      "/walkerville-brewery",
      "/wolfhead-distillery",
      "/colasantis",
    ]) {
      await expect(page.locator(`.venue-cards a[href="${path}"]`)).toBeVisible();
    }
    await page.getByRole("link", { name: "Get in Touch" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { name: "Contact Us" })).toBeVisible();
  });

  test("venue pages carry the spec's facts, a back link and their own canonical URL", async ({ page }) => {
    await page.goto("/tipsy-toucan");
    await expect(page.getByRole("heading", { level: 1, name: "Tipsy Toucan" })).toBeVisible();
    await expect(page.getByText("Arrive 30-45 minutes early")).toBeVisible();
    await expect(page.getByText("Doors open one hour before showtime.")).toBeVisible();
    await expect(page.getByText("Most shows are 19+")).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/tipsy-toucan$/);
    await expect(page).toHaveTitle(/Tipsy Toucan/);

    await page.goto("/wolfhead-distillery");
    await expect(page.getByText("About 20 minutes' drive from downtown Windsor.")).toBeVisible();
    await expect(page.getByText("There is parking on site.")).toBeVisible();
    await page.goto("/manchester-pub");
    await expect(page.getByText(/buy your tickets in advance/)).toBeVisible();

    for (const path of ["/mastronardi-winery", "/colasantis", "/walkerville-brewery"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { name: "Plan your visit" })).toBeVisible();
    }
    await page.getByRole("link", { name: "Back to About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test("/windsor-comedy and /downtown-windsor link where the spec says", async ({ page }) => {
    await page.goto("/windsor-comedy");
    for (const href of ["/about", "/tipsy-toucan", "/"]) {
      await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
    }
    await page.goto("/downtown-windsor");
    await expect(page.getByRole("link", { name: "See the show calendar" })).toHaveAttribute(
      "href",
      "/calendar",
    );
  });

  test("a venue page lists that venue's upcoming shows from the database, with their JSON-LD", async ({
    page,
    db,
    javaScriptOn,
  }) => {
    const title = `Wolfhead Venue Test ${tag(javaScriptOn)}`;
    const date = addDaysIso(todayIn(), 30);
    // Shows point at the venue record (as the event form and the sync make them).
    const venueId = db.select().from(venues).where(eq(venues.slug, "wolfhead-distillery")).get()!.id;
    const show = insertShow(db, {
      title,
      date,
      time: "20:00",
      venue: "Wolfhead Distillery",
      venueId,
      price: "$30",
    });
    const past = insertShow(db, {
      title: `${title} (past)`,
      date: addDaysIso(todayIn(), -3),
      venue: "Wolfhead Distillery",
      venueId,
    });
    await page.goto("/wolfhead-distillery");
    const list = page.getByRole("region", { name: "Upcoming shows at Wolfhead Distillery" });
    await expect(list.getByRole("link", { name: title, exact: true })).toHaveAttribute(
      "href",
      `/event/${show.id}`,
    );
    await expect(list.getByRole("link", { name: past.title })).toHaveCount(0);

    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const items = blocks.flatMap((b) => [JSON.parse(b)].flat()) as Record<string, any>[];
    const mine = items.find((i) => i.name === title);
    expect(mine).toMatchObject({
      "@context": "https://schema.org",
      "@type": "ComedyEvent",
      startDate: expect.stringMatching(new RegExp(`^${date}T20:00:00-0[45]:00$`)),
      // Only the cited parts of the address: the town, no street.
      location: {
        "@type": "Place",
        name: "Wolfhead Distillery",
        address: {
          "@type": "PostalAddress",
          addressLocality: "Amherstburg",
          addressRegion: "ON",
          addressCountry: "CA",
        },
      },
      offers: { price: "30", priceCurrency: "CAD", availability: "https://schema.org/InStock" },
    });
  });
});

test.describe("/{name} short links @once", () => {
  test("a known name redirects, an unknown one is 404, and a name never shadows a real page", async ({
    page,
    db,
    javaScriptOn,
  }) => {
    const seeded = await page.request.get("/summer", { maxRedirects: 0 });
    expect(seeded.status()).toBe(302);
    expect(seeded.headers().location).toMatch(/^https:\/\/www\.eventbrite\.ca\//);

    const name = `go-${tag(javaScriptOn)}`;
    db.insert(redirects).values({ name, targetUrl: "https://example.com/own-target" }).run();
    const own = await page.request.get(`/${name}`, { maxRedirects: 0 });
    expect(own.headers().location).toBe("https://example.com/own-target");

    const missing = await page.goto(`/no-such-name-${tag(javaScriptOn)}`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();

    // Real pages win: the venue page and /about stay what they are.
    for (const real of ["tipsy-toucan", "about"]) {
      db.insert(redirects)
        .values({ name: real, targetUrl: "https://example.com/hijack" })
        .onConflictDoNothing()
        .run();
      const response = await page.request.get(`/${real}`, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
    }
  });
});

test.describe("search engines and calendars @once", () => {
  test("/robots.txt keeps staff routes out and points at the sitemap", async ({ page }) => {
    const text = await (await page.request.get("/robots.txt")).text();
    for (const path of ["/admin", "/booking", "/results", "/manage-comedians", "/test-delete", "/debug"]) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).toMatch(/^Sitemap: http.+\/sitemap\.xml$/m);
  });

  test("/sitemap.xml is valid XML listing the public pages and upcoming shows by slug", async ({
    page,
    db,
    javaScriptOn,
  }) => {
    const word = `q${Date.now()}${javaScriptOn ? "j" : "n"}${Math.random().toString(36).slice(2, 6)}`;
    const title = `Sitemap Show: ${word} Night Extra Words`;
    const date = addDaysIso(todayIn(), 12);
    insertShow(db, { title, date, venue: "Sitemap Test Venue" });
    const response = await page.request.get("/sitemap.xml");
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser().parse(xml);
    const locs = ([parsed.urlset.url].flat() as { loc: string }[]).map((u) => new URL(u.loc).pathname);
    for (const path of [
      "/",
      "/about",
      "/contact",
      "/merch",
      "/calendar",
      "/tipsy-toucan",
      "/manchester-pub",
    ]) {
      expect(locs).toContain(path);
    }
    expect(locs).toContain(`/show/sitemap-show-${word}-night-${date}`);
  });

  test("/calendar.ics and a show's own feed parse back with stable UIDs and Toronto times", async ({
    page,
    db,
    javaScriptOn,
  }) => {
    const title = `Feed Show ${tag(javaScriptOn)}`;
    const date = addDaysIso(todayIn(), 20);
    const venueId = db.select().from(venues).where(eq(venues.slug, "walkerville-brewery")).get()!.id;
    const show = insertShow(db, {
      title,
      date,
      time: "19:30",
      endTime: "22:00",
      venue: "Walkerville Brewery",
      venueId,
    });

    const all = await page.request.get("/calendar.ics");
    expect(all.headers()["content-type"]).toContain("text/calendar");
    const text = await all.text();
    const feed = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");
    const mine = feed.find((e) => e.summary === title)!;
    expect(mine.uid).toBe(`show-${show.id}-${date}@laughwindsor.ca`);
    // The wall-clock time in Toronto is the show's own 7:30 PM, whatever the offset of that date.
    const local = new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/Toronto",
      hour: "numeric",
      minute: "2-digit",
      hour12: false,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(mine.start);
    expect(local).toBe(`${date}, 19:30`);
    expect(mine.end!.getTime() - mine.start.getTime()).toBe(150 * 60_000);
    expect(
      feed.every((e) => e.start.getTime() >= new Date(`${todayIn()}T00:00:00Z`).getTime() - 86_400_000),
    ).toBe(true);

    const one = await page.request.get(`/event/${show.id}/calendar.ics`);
    const single = Object.values(ical.sync.parseICS(await one.text())).filter(
      (c): c is VEvent => c?.type === "VEVENT",
    );
    expect(single.map((e) => e.uid)).toEqual([mine.uid]);
    expect(single[0].location).toBe("Walkerville Brewery, 525 Argyle Rd, Windsor, ON");
    expect((await page.request.get("/event/999999999/calendar.ics")).status()).toBe(404);
  });
});

test.describe("staff inboxes", () => {
  test("need a staff login @once", async ({ page }) => {
    for (const path of ["/admin/messages", "/admin/applications", "/admin/newsletter"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
    }
    const csv = await page.request.get("/admin/applications.csv?event=1", { maxRedirects: 0 });
    expect(csv.status()).toBe(302);
  });

  test("show stored messages, sign-ups and applications, and export applications as CSV", async ({
    page,
    db,
    javaScriptOn,
  }) => {
    const t = tag(javaScriptOn);
    db.insert(contactMessages)
      .values({
        name: `Inbox ${t}`,
        email: "inbox@example.com",
        subject: `Subject ${t}`,
        message: "Hello staff",
      })
      .run();
    db.insert(newsletterSignups)
      .values({
        email: `news-${t}@example.com`,
        emailKey: `news-${t}@example.com`,
        token: `news-token-${t}-0123456789`.replace(/[^A-Za-z0-9_-]/g, "-"),
        consentVersion: "newsletter-2026-11",
        confirmedAt: new Date(),
      })
      .run();
    const show = insertShow(db, {
      title: `Inbox Show ${t}`,
      date: addDaysIso(todayIn(), 9),
      acceptsApplications: true,
    });
    db.insert(contestantApplications)
      .values({
        eventId: show.id,
        fullName: `Applicant ${t}`,
        email: "a@example.com",
        mobileNumber: "5195550100",
        isOver19: true,
        canAttendEvent: true,
        funBio: "Loves puns",
        acceptsTerms: true,
      })
      .run();

    await loginAsStaff(page, "/admin/messages");
    await expect(page.getByRole("heading", { name: `Subject ${t}` })).toBeVisible();
    await page.goto("/admin/newsletter");
    await expect(page.getByRole("cell", { name: `news-${t}@example.com` })).toBeVisible();
    await page.goto(`/admin/applications?event=${show.id}`);
    await expect(page.getByRole("cell", { name: `Applicant ${t}` })).toBeVisible();

    const csv = await page.request.get(`/admin/applications.csv?event=${show.id}`);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\n");
    expect(lines[0]).toBe(
      "id,full_name,email,mobile_number,is_over_19,can_attend,will_attend_if_not_selected,fun_bio,accepts_terms,submitted",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Applicant ${t},a@example.com,5195550100,yes,yes,,Loves puns,yes`);
  });
});

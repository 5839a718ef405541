import { eq } from "drizzle-orm";
import { contactMessages, contestantApplications, newsletterSignups } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import { zonedInstant } from "~/lib/zoned-time";
import type { DB } from "~/utils/db.server";
import { insertShow } from "../support/shows";
import { expect, test } from "./fixtures";

const CONTACT_SUCCESS = "Your message has been sent successfully! We'll get back to you soon.";
const unique = (label: string, js: boolean) =>
  `${label} ${js ? "js" : "nojs"} ${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

/** A show of the test's own that takes applications (closing in the future unless told). */
function insertApplicationShow(db: DB, title: string, closeInDays = 5) {
  const date = addDaysIso(todayIn(), 10);
  return insertShow(db, {
    title,
    date,
    time: "19:30",
    endTime: "22:00",
    venue: "The Manchester Pub",
    acceptsApplications: true,
    applicationsCloseAt: zonedInstant(addDaysIso(todayIn(), closeInDays), "23:59"),
    contestantsNotifiedOn: addDaysIso(date, -1),
  });
}

test.describe("contact form", () => {
  test("a complete message is stored, the success text shown and the form cleared", async ({
    page,
    db,
    javaScriptOn,
  }) => {
    const name = unique("Contact Good", javaScriptOn);
    await page.goto("/contact");
    await expect(page.getByRole("heading", { name: "Contact details" })).toBeVisible();
    await expect(page.getByRole("link", { name: "info@laughwindsor.ca" })).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill("Visitor@Example.com");
    await page.getByLabel("Subject").fill("Group tickets");
    await page.getByLabel("Message").fill("Do you have a group rate for eight?");
    await page.getByRole("button", { name: "Send Message" }).click();

    await expect(page.getByText(CONTACT_SUCCESS)).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
    const rows = db.select().from(contactMessages).where(eq(contactMessages.name, name)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: "visitor@example.com",
      subject: "Group tickets",
      message: "Do you have a group rate for eight?",
    });
  });

  test("bad input shows errors next to the fields, keeps the values and stores nothing", async ({
    page,
    db,
    javaScriptOn,
  }) => {
    const name = unique("Contact Bad", javaScriptOn);
    await page.goto("/contact");
    await page.getByLabel("Name", { exact: true }).fill(name);
    // Both pass the browser's own checks; the schema refuses them.
    await page.getByLabel("Email", { exact: true }).fill("visitor@example");
    await page.getByLabel("Subject").fill("   ");
    await page.getByLabel("Message").fill("Hello");
    const post = javaScriptOn
      ? null
      : page.waitForResponse((r) => r.url().endsWith("/contact") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Send Message" }).click();
    if (post) expect((await post).status()).toBe(400);

    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await expect(page.getByText("Subject is required")).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    await expect(page.getByLabel("Message")).toHaveValue("Hello");
    expect(db.select().from(contactMessages).where(eq(contactMessages.name, name)).all()).toHaveLength(0);
  });

  test("the button reads Sending... while the message is on its way", async ({ page, javaScriptOn }) => {
    test.skip(!javaScriptOn, "a pending state exists only with JavaScript");
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/contact\?_data=/, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.goto("/contact");
    await page.getByLabel("Name", { exact: true }).fill(unique("Contact Pending", javaScriptOn));
    await page.getByLabel("Email", { exact: true }).fill("pending@example.com");
    await page.getByLabel("Subject").fill("Pending");
    await page.getByLabel("Message").fill("Hold on");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    release();
    await expect(page.getByText(CONTACT_SUCCESS)).toBeVisible();
  });

  test("a replayed post and a bot's post store nothing new", async ({ page, db, baseURL, javaScriptOn }) => {
    const name = unique("Contact Replay", javaScriptOn);
    const form = {
      name,
      email: "replay@example.com",
      subject: "Twice",
      message: "Same post twice",
      submissionToken: `e2e${Date.now()}${javaScriptOn ? "js" : "nojs"}abcdef`,
    };
    const headers = { Origin: baseURL! };
    for (let i = 0; i < 2; i++) {
      const response = await page.request.post("/contact", { form, headers, maxRedirects: 0 });
      expect(response.status()).toBe(302);
    }
    expect(db.select().from(contactMessages).where(eq(contactMessages.name, name)).all()).toHaveLength(1);

    const bot = unique("Contact Bot", javaScriptOn);
    const response = await page.request.post("/contact", {
      form: { ...form, name: bot, submissionToken: "", website: "http://spam.example" },
      headers,
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(db.select().from(contactMessages).where(eq(contactMessages.name, bot)).all()).toHaveLength(0);
  });

  test("a post from another site is refused", async ({ page, db, javaScriptOn }) => {
    const name = unique("Contact Cross", javaScriptOn);
    const response = await page.request.post("/contact", {
      form: { name, email: "x@example.com", subject: "x", message: "x" },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    // Refused by the server's origin check before the action runs.
    expect(response.status()).toBe(403);
    expect(db.select().from(contactMessages).where(eq(contactMessages.name, name)).all()).toHaveLength(0);
  });
});

test.describe("newsletter (merch)", () => {
  test("Notify Me stores the e-mail once with its consent record and asks to confirm; a repeat gets the same answer", async ({
    page,
    db,
    javaScriptOn,
  }) => {
    const email = `${unique("fan", javaScriptOn).replace(/\W+/g, "-")}@Example.com`;
    await page.goto("/merch");
    await expect(page.getByRole("heading", { name: "Coming Soon" })).toBeVisible();
    await expect(page.getByText("may e-mail me when merch is available")).toBeVisible();
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Notify Me" }).click();
    await expect(page.getByRole("status")).toContainText("Almost done: we've e-mailed a link");
    await expect(page.getByLabel("Email address")).toHaveValue("");

    await page.getByLabel("Email address").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Notify Me" }).click();
    await expect(page.getByRole("status").last()).toContainText("Almost done");
    const rows = db
      .select()
      .from(newsletterSignups)
      .where(eq(newsletterSignups.email, email.toLowerCase()))
      .all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: "/merch",
      consentVersion: "newsletter-2026-11",
      confirmedAt: null,
      unsubscribedAt: null,
    });
    expect(rows[0].ipHash).toMatch(/^[0-9a-f]{32}$/);
  });

  test("a malformed e-mail is refused and nothing is stored", async ({ page, db, javaScriptOn }) => {
    const email = `${unique("bad", javaScriptOn).replace(/\W+/g, "-")}@example`;
    await page.goto("/merch");
    await page.getByLabel("Email address").fill(email);
    const post = javaScriptOn
      ? null
      : page.waitForResponse((r) => r.url().endsWith("/merch") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Notify Me" }).click();
    if (post) expect((await post).status()).toBe(400);
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue(email);
    expect(
      db.select().from(newsletterSignups).where(eq(newsletterSignups.email, email.toLowerCase())).all(),
    ).toHaveLength(0);
  });
});

test.describe("contestant application", () => {
  test("a complete application is stored and the visitor sent back to the thank-you", async ({
    page,
    db,
    javaScriptOn,
  }) => {
    const show = insertApplicationShow(db, unique("Apply Good Show", javaScriptOn));
    const fullName = unique("Applicant", javaScriptOn);
    await page.goto(`/event/${show.id}/apply`);
    await page.getByLabel("Full name").fill(fullName);
    await page.getByLabel("Email", { exact: true }).fill("Applicant@Example.com");
    await page.getByLabel("Mobile number").fill("519-555-0142");
    await page.getByLabel("I am 19 years of age or older").check();
    await page
      .getByRole("group", { name: /Can you attend 7:30 PM – 10 PM on/ })
      .getByLabel("Yes")
      .check();
    await page
      .getByRole("group", { name: /If you're not selected/ })
      .getByLabel("No")
      .check();
    const bio = "I juggle, badly. ".repeat(10); // 170 characters typed: the box keeps 140.
    await page.getByLabel("Fun bio (optional)").fill(bio);
    await expect(page.getByLabel("Fun bio (optional)")).toHaveValue(bio.slice(0, 140));
    if (javaScriptOn) await expect(page.getByText("140/140 characters")).toBeVisible();
    await page.getByLabel(/I agree to the terms/).check();
    await page.getByRole("button", { name: "Submit Application" }).click();

    await expect(page).toHaveURL(new RegExp(`/event/${show.id}\\?applied=1#contestant-application$`));
    const rows = db
      .select()
      .from(contestantApplications)
      .where(eq(contestantApplications.fullName, fullName))
      .all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      eventId: show.id,
      email: "applicant@example.com",
      mobileNumber: "519-555-0142",
      isOver19: true,
      canAttendEvent: true,
      willAttendIfNotSelected: false,
      funBio: bio.slice(0, 140).trim(),
      acceptsTerms: true,
    });
  });

  test("the bio counter follows the typing", async ({ page, db, javaScriptOn }) => {
    test.skip(!javaScriptOn, "the live counter needs JavaScript");
    const show = insertApplicationShow(db, unique("Apply Counter Show", javaScriptOn));
    await page.goto(`/event/${show.id}/apply`);
    await expect(page.getByText("0/140 characters")).toBeVisible();
    await page.getByLabel("Fun bio (optional)").fill("Twelve chars");
    await expect(page.getByText("12/140 characters")).toBeVisible();
  });

  test("bad input shows errors next to the fields, keeps the values and stores nothing", async ({
    page,
    db,
    javaScriptOn,
  }) => {
    const show = insertApplicationShow(db, unique("Apply Bad Show", javaScriptOn));
    await page.goto(`/event/${show.id}/apply`);
    // Pass the browser's own checks, fail the schema: a blank name and an e-mail without a domain.
    await page.getByLabel("Full name").fill("   ");
    await page.getByLabel("Email", { exact: true }).fill("applicant@example");
    await page.getByLabel("Mobile number").fill("519 555 0100");
    await page.getByLabel("I am 19 years of age or older").check();
    await page
      .getByRole("group", { name: /Can you attend/ })
      .getByLabel("No")
      .check();
    await page.getByLabel(/I agree to the terms/).check();
    const post = javaScriptOn
      ? null
      : page.waitForResponse(
          (r) => r.url().includes(`/event/${show.id}/apply`) && r.request().method() === "POST",
        );
    await page.getByRole("button", { name: "Submit Application" }).click();
    if (post) expect((await post).status()).toBe(400);

    await expect(page.getByText("Full name is required")).toBeVisible();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("applicant@example");
    await expect(page.getByLabel("Mobile number")).toHaveValue("519 555 0100");
    await expect(page.getByRole("group", { name: /Can you attend/ }).getByLabel("No")).toBeChecked();
    expect(
      db.select().from(contestantApplications).where(eq(contestantApplications.eventId, show.id)).all(),
    ).toHaveLength(0);
  });

  test("applications are refused after the closing time with a clear message", async ({
    page,
    db,
    baseURL,
    javaScriptOn,
  }) => {
    const show = insertApplicationShow(db, unique("Apply Closed Show", javaScriptOn), -1);
    await page.goto(`/event/${show.id}/apply`);
    await expect(page.getByText(/Applications for this show closed at 11:59 PM/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit Application" })).toHaveCount(0);
    const response = await page.request.post(`/event/${show.id}/apply`, {
      headers: { Origin: baseURL! },
      form: {
        from_name: "Late Larry",
        from_email: "late@example.com",
        mobile_number: "5195550100",
        is_over_19: "on",
        can_attend: "yes",
        accepts_terms: "on",
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Applications for this show closed at");
    expect(
      db.select().from(contestantApplications).where(eq(contestantApplications.eventId, show.id)).all(),
    ).toHaveLength(0);
  });

  test("a replayed application is stored once", async ({ page, db, baseURL, javaScriptOn }) => {
    const show = insertApplicationShow(db, unique("Apply Replay Show", javaScriptOn));
    const form = {
      from_name: "Replay Rita",
      from_email: "rita@example.com",
      mobile_number: "5195550100",
      is_over_19: "on",
      can_attend: "yes",
      accepts_terms: "on",
      submissionToken: `replay${Date.now()}${javaScriptOn ? "js" : "nojs"}token`,
    };
    for (let i = 0; i < 2; i++) {
      const response = await page.request.post(`/event/${show.id}/apply`, {
        headers: { Origin: baseURL! },
        form,
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe(`/event/${show.id}?applied=1#contestant-application`);
    }
    expect(
      db.select().from(contestantApplications).where(eq(contestantApplications.eventId, show.id)).all(),
    ).toHaveLength(1);
  });
});

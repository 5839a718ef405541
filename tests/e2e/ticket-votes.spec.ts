import type { Browser } from "@playwright/test";
import { eq } from "drizzle-orm";
import { comedians, eventComedians, outbox, ticketHolders, votes, votingRounds } from "~/db/schema";
import { resetEnvCache } from "~/utils/env.server";
import { ticketHolderHash } from "~/utils/ticket-holder-hash.server";
import { E2E_ENV } from "../support/env";
import { insertShow } from "../support/shows";
import { signInAsStaff } from "../support/staff";
import { closeTestRound, createRound, givePhone, uniq } from "../support/voting";
import { expect, test } from "./fixtures";

/**
 * Ticket-verified votes (issue 41, item 4), as the office, the room and the host live them:
 * staff open a round that requires a ticket; a ticket holder and a walk-in vote from their own
 * phones; both see the same receipt (the round's rule, the vote recorded) and each is told by
 * e-mail, to the address typed, what became of their vote; the host's page and the projector
 * say what is counted, and the host counts the unverified votes too with one button.
 */
async function voteFrom(
  browser: Browser,
  baseURL: string,
  javaScriptOn: boolean,
  roundId: number,
  comedian: string,
  email: string,
) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScriptOn });
  await givePhone(context, baseURL);
  const page = await context.newPage();
  await page.goto(`/vote?round=${roundId}`);
  await expect(page.getByText("use the e-mail address you bought your ticket with")).toBeVisible();
  await page.getByRole("radio", { name: comedian }).check();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Submit Vote" }).click();
  await expect(page.getByText("Thank you for voting!")).toBeVisible();
  // The receipt without the line naming this voter's own choice, time and address.
  const said = (await page.locator(".vote__thanks").innerText())
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("You voted for"))
    .join("\n");
  await context.close();
  return said;
}

test("a round that requires a ticket: a holder's vote counts, a walk-in's waits in the unverified bucket until the host counts it", async ({
  browser,
  page,
  context,
  db,
  baseURL,
  javaScriptOn,
}) => {
  test.setTimeout(90_000);
  const tag = uniq();
  const [ada, bo] = [`Ticket Ada ${tag}`, `Ticket Bo ${tag}`].map((name) =>
    db.insert(comedians).values({ name }).returning().get(),
  );
  const show = insertShow(db, { title: `Ticket Night ${tag}`, venue: "Tipsy Toucan", time: "20:00" });
  for (const c of [ada, bo])
    db.insert(eventComedians).values({ eventId: show.id, comedianId: c.id, role: "feature" }).run();
  // The holder's ticket, as the attendees' read keeps it: a keyed hash of the canonical e-mail
  // (the server's SESSION_SECRET).
  process.env.SESSION_SECRET = E2E_ENV.SESSION_SECRET;
  resetEnvCache();
  const holder = `holder.${tag}@example.com`;
  db.insert(ticketHolders)
    .values({
      eventId: show.id,
      date: show.date,
      attendeeId: `e2e-${tag}`,
      orderId: `e2e-order-${tag}`,
      emailHash: ticketHolderHash(holder),
      checkedIn: false,
    })
    .run();

  // The office opens the round for that show and date, requiring a ticket.
  await signInAsStaff(context, db, baseURL!);
  await page.goto(`/admin/rounds?show=${show.id}:${show.date}`);
  const title = `Ticket Final ${tag}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Ticket holders").selectOption("require");
  await page.getByRole("button", { name: "Open Round" }).click();
  const again = page.getByRole("button", { name: "Open this round too" });
  const opened = page.getByText(`Opened round: ${title}`).first();
  await expect(opened.or(again)).toBeVisible();
  if (await again.isVisible()) await again.click();
  await expect(opened).toBeVisible();
  const round = db.select().from(votingRounds).where(eq(votingRounds.title, title)).get()!;
  expect(round).toMatchObject({ eventId: show.id, eventDate: show.date, ticketCheck: "require" });

  try {
    // The holder (typing the address another way) and a walk-in, each from their own phone.
    const held = await voteFrom(browser, baseURL!, javaScriptOn, round.id, ada.name, holder.toUpperCase());
    const walkInEmail = `walk.in.${tag}@example.com`;
    const walkIn = await voteFrom(browser, baseURL!, javaScriptOn, round.id, bo.name, walkInEmail);
    // The same words on both screens: a phone never learns whether an address holds a ticket.
    expect(held).toBe(walkIn);
    expect(held).toContain("Your vote has been recorded.");
    expect(held).toContain("Tonight's vote counts the votes of ticket holders");
    expect(held).toContain("We have e-mailed the address you gave to say whether it is on a ticket.");
    // The verdict went to each address typed, through the outbox.
    const mailTo = (to: string) =>
      db
        .select({ subject: outbox.subject, body: outbox.body })
        .from(outbox)
        .where(eq(outbox.toAddress, to))
        .all();
    expect(mailTo(holder)).toEqual([
      expect.objectContaining({ subject: `Your vote at ${show.title} counts as a ticket holder's` }),
    ]);
    expect(mailTo(walkInEmail)).toEqual([
      expect.objectContaining({ subject: `Your vote at ${show.title} is with the unverified votes` }),
    ]);
    expect(mailTo(walkInEmail)[0].body).toContain(
      "The host is counting ticket holders' votes only right now",
    );

    // The host: the count says what is counted; Ada has the one counted vote.
    await page.goto(`/results?round=${round.id}`);
    const bucket = page.getByRole("region", { name: "Ticket holders" });
    await expect(bucket).toContainText(
      "Counted: ticket holders only (1 vote). Not counted: 1 vote unverified.",
    );
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows.nth(1)).toContainText(ada.name);
    await expect(rows.nth(1).getByRole("cell")).toHaveText(["1", "1", "100.0%"]);
    await expect(rows.nth(2).getByRole("cell")).toHaveText(["2", "0", "0.0%"]);
    await page.goto(`/results?round=${round.id}&view=projector`);
    await expect(page.locator("[data-ticket-count]")).toHaveText(
      "Counted: ticket holders only (1 vote). Not counted: 1 vote unverified.",
    );

    // The host counts the unverified votes too: both comics have one.
    await page.goto(`/results?round=${round.id}`);
    await bucket.getByRole("button", { name: "Count unverified votes too" }).click();
    await expect(bucket).toContainText(
      "Counted: every vote: 1 vote from ticket holders and 1 vote unverified.",
    );
    await expect(page.getByText("Total votes: 2")).toBeVisible();
    await page.goto(`/results?round=${round.id}&view=projector`);
    await expect(page.locator("[data-ticket-count]")).toHaveText(
      "Counted: every vote: 1 vote from ticket holders and 1 vote unverified.",
    );
  } finally {
    closeTestRound(db, round.id);
  }
});

test("the host turns the ticket check on after the room voted: the votes cast are marked, each voter told by e-mail", async ({
  page,
  context,
  db,
  baseURL,
}) => {
  const tag = uniq();
  const show = insertShow(db, { title: `Late Check Night ${tag}`, venue: "Tipsy Toucan", time: "20:00" });
  const round = createRound(db, "Late Check", [{ name: "Cleo" }, { name: "Dev" }]);
  db.update(votingRounds)
    .set({ eventId: show.id, eventDate: show.date })
    .where(eq(votingRounds.id, round.roundId))
    .run();
  process.env.SESSION_SECRET = E2E_ENV.SESSION_SECRET;
  resetEnvCache();
  const holder = `late.holder.${tag}@example.com`;
  const walkIn = `late.walk.in.${tag}@example.com`;
  db.insert(ticketHolders)
    .values({
      eventId: show.id,
      date: show.date,
      attendeeId: `e2e-late-${tag}`,
      orderId: `e2e-late-order-${tag}`,
      emailHash: ticketHolderHash(holder),
      checkedIn: false,
    })
    .run();
  // Two votes cast while the round checked nothing.
  for (const [email, comedian] of [
    [holder, round.comedians[0]],
    [walkIn, round.comedians[1]],
  ] as const)
    db.insert(votes)
      .values({
        roundId: round.roundId,
        comedianId: comedian.id,
        email,
        emailKey: email,
        voteToken: `late-${uniq()}`,
      })
      .run();
  try {
    await signInAsStaff(context, db, baseURL!);
    await page.goto(`/results?round=${round.roundId}`);
    const bucket = page.getByRole("region", { name: "Ticket holders" });
    await expect(bucket).toContainText("This round does not check tickets: every vote counts.");
    await bucket.getByRole("button", { name: "Require a ticket" }).click();
    await expect(bucket).toContainText(
      "Counted: ticket holders only (1 vote). Not counted: 1 vote unverified.",
    );
    await expect(bucket.getByRole("button", { name: "Count unverified votes too" })).toBeVisible();
    const mailTo = (to: string) =>
      db
        .select({ subject: outbox.subject, body: outbox.body })
        .from(outbox)
        .where(eq(outbox.toAddress, to))
        .all();
    expect(mailTo(holder)).toEqual([
      {
        subject: `Your vote at ${show.title} counts as a ticket holder's`,
        body: expect.stringMatching(/has turned on the ticket check/),
      },
    ]);
    expect(mailTo(walkIn)).toEqual([
      expect.objectContaining({ subject: `Your vote at ${show.title} is with the unverified votes` }),
    ]);
  } finally {
    closeTestRound(db, round.roundId);
  }
});

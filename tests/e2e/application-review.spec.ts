import { and, eq } from "drizzle-orm";
import { contestantApplications, outbox, votingRounds } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import { insertShow } from "../support/shows";
import { signInAsStaff } from "../support/staff";
import { closeTestRound, uniq } from "../support/voting";
import { expect, test } from "./fixtures";

/** Issue 18: from contestant application to a voting round. */
test("review: shortlist two, decline one, e-mail the shortlisted once, open the round with them", async ({
  page,
  context,
  db,
  baseURL,
}) => {
  const tag = uniq();
  const show = insertShow(db, {
    title: `Kill Night ${tag}`,
    date: addDaysIso(todayIn(), 12),
    time: "20:00",
    acceptsApplications: true,
  });
  const apply = (name: string) =>
    db
      .insert(contestantApplications)
      .values({
        eventId: show.id,
        fullName: `${name} ${tag}`,
        email: `${name.toLowerCase()}-${tag}@example.com`,
        mobileNumber: "5195550100",
        isOver19: true,
        canAttendEvent: true,
        acceptsTerms: true,
      })
      .run();
  ["Ann", "Bo", "Cy"].forEach(apply);
  await signInAsStaff(context, db, baseURL!);
  await page.goto(`/admin/applications?event=${show.id}`);
  await page.getByRole("link", { name: "Review and shortlist" }).click();
  await expect(page.getByRole("heading", { name: `Review: ${show.title}` })).toBeVisible();

  // Issue 42: one click per decision; the notes typed go with the click.
  for (const [name, decision, note] of [
    ["Ann", "Shortlist", "Strong opener"],
    ["Bo", "Shortlist", ""],
    ["Cy", "Decline", "Too long"],
  ] as const) {
    const full = `${name} ${tag}`;
    const applicant = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: full }) });
    await page.getByLabel(`Notes on ${full}`).fill(note);
    await page.getByRole("button", { name: `${decision} ${full}` }).click();
    await expect(
      applicant.getByText(decision === "Shortlist" ? "Shortlisted" : "Declined", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: `${decision} ${full}` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  }
  await expect(page.getByLabel(`Notes on Ann ${tag}`)).toHaveValue("Strong opener");
  await expect
    .poll(() =>
      db
        .select({ name: contestantApplications.fullName, status: contestantApplications.reviewStatus })
        .from(contestantApplications)
        .where(eq(contestantApplications.eventId, show.id))
        .all()
        .map((a) => `${a.name}: ${a.status}`),
    )
    .toEqual([`Ann ${tag}: shortlisted`, `Bo ${tag}: shortlisted`, `Cy ${tag}: declined`]);

  await page.getByRole("button", { name: "E-mail the shortlisted (2)" }).click();
  await expect(page.getByRole("button", { name: "E-mail the shortlisted (0)" })).toBeDisabled();
  const mails = db
    .select()
    .from(outbox)
    .where(eq(outbox.kind, "shortlist"))
    .all()
    .filter((m) => m.toAddress.endsWith(`${tag}@example.com`));
  expect(mails.map((m) => m.toAddress).sort()).toEqual([`ann-${tag}@example.com`, `bo-${tag}@example.com`]);

  // Issue 41: the contest's round can prefer ticket holders (kept through the confirmation step).
  await page.getByLabel("Ticket holders").selectOption("prefer");
  await page.getByRole("button", { name: "Open a voting round with the shortlisted (2)" }).click();
  // Issue 37: the same handler as /admin/rounds: other rooms voting (the demo round) are named first.
  await expect(page.getByRole("heading", { name: /(Another room is|Other rooms are) voting/ })).toBeVisible();
  await page.getByRole("button", { name: "Open this round too" }).click();
  await expect(page.getByText("Voting rounds for this show:")).toBeVisible();
  const round = db
    .select()
    .from(votingRounds)
    .where(and(eq(votingRounds.eventId, show.id)))
    .get()!;
  expect(round.ticketCheck).toBe("prefer");
  try {
    await expect(page.getByRole("link", { name: round.title })).toBeVisible();
    await page.goto(`/vote?round=${round.id}`);
    await expect(page.getByRole("radio", { name: new RegExp(`Ann ${tag}`) })).toBeVisible();
    await expect(page.getByRole("radio", { name: new RegExp(`Bo ${tag}`) })).toBeVisible();
    await expect(page.getByRole("radio", { name: new RegExp(`Cy ${tag}`) })).toHaveCount(0);
  } finally {
    closeTestRound(db, round.id);
  }
});

test("a review with an unknown decision is refused with a message", async ({
  context,
  db,
  baseURL,
  page,
}) => {
  const show = insertShow(db, {
    title: `Bad Review ${uniq()}`,
    date: addDaysIso(todayIn(), 12),
    acceptsApplications: true,
  });
  const id = db
    .insert(contestantApplications)
    .values({
      eventId: show.id,
      fullName: "Dee",
      email: "dee@example.com",
      mobileNumber: "1",
      isOver19: true,
      canAttendEvent: true,
      acceptsTerms: true,
    })
    .returning()
    .get().id;
  await signInAsStaff(context, db, baseURL!);
  const res = await page.request.post(`/admin/applications/${show.id}/review`, {
    form: { intent: "review", applicationId: String(id), status: "maybe" },
    headers: { Origin: baseURL! },
  });
  expect(res.status()).toBe(400);
  expect(
    db.select().from(contestantApplications).where(eq(contestantApplications.id, id)).get()!.reviewStatus,
  ).toBe("new");
});

test("one click: the list stays where it was (JavaScript) or the page says who (without); Save notes keeps the decision; Undo", async ({
  page,
  context,
  db,
  baseURL,
  javaScriptOn,
}) => {
  const tag = uniq();
  const show = insertShow(db, {
    title: `Long List ${tag}`,
    date: addDaysIso(todayIn(), 14),
    acceptsApplications: true,
  });
  const names = Array.from({ length: 8 }, (_, i) => `Comic${i + 1} ${tag}`);
  for (const fullName of names)
    db.insert(contestantApplications)
      .values({
        eventId: show.id,
        fullName,
        email: `${fullName.replace(" ", "-").toLowerCase()}@example.com`,
        mobileNumber: "5195550100",
        isOver19: true,
        canAttendEvent: true,
        acceptsTerms: true,
        funBio: "Ten minutes of crowd work and one good joke about parking.",
      })
      .run();
  const statusOf = (fullName: string) =>
    db
      .select({ s: contestantApplications.reviewStatus, n: contestantApplications.reviewNotes })
      .from(contestantApplications)
      .where(and(eq(contestantApplications.eventId, show.id), eq(contestantApplications.fullName, fullName)))
      .get();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsStaff(context, db, baseURL!);
  await page.goto(`/admin/applications/${show.id}/review`);

  const last = names[7];
  const decline = page.getByRole("button", { name: `Decline ${last}` });
  await decline.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(500);
  await decline.click();
  await expect(decline).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => statusOf(last)?.s).toBe("declined");
  if (javaScriptOn) {
    // The fetcher: no trip to the top of the page.
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(50);
  } else {
    await expect(page.getByText(`${last}: declined.`)).toBeVisible();
  }

  // Save notes keeps the decision; Undo puts it back to not reviewed.
  await page.getByLabel(`Notes on ${last}`).fill("Maybe next month");
  await page.getByRole("button", { name: `Save notes on ${last}` }).click();
  await expect.poll(() => statusOf(last)).toEqual({ s: "declined", n: "Maybe next month" });
  await expect(page.getByRole("button", { name: `Decline ${last}` })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: `Undo the decision on ${last}` }).click();
  await expect.poll(() => statusOf(last)?.s).toBe("new");
  await expect(page.getByRole("button", { name: `Decline ${last}` })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expect(page.getByRole("button", { name: `Undo the decision on ${last}` })).toHaveCount(0);
  await expect(page.getByLabel(`Notes on ${last}`)).toHaveValue("Maybe next month");
});

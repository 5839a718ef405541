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

  for (const [name, decision, note] of [
    ["Ann", "Shortlist", "Strong opener"],
    ["Bo", "Shortlist", ""],
    ["Cy", "Decline", "Too long"],
  ] as const) {
    const full = `${name} ${tag}`;
    await page.getByLabel(`Decision for ${full}`).selectOption({ label: decision });
    await page.getByLabel(`Notes on ${full}`).fill(note);
    await page.getByRole("button", { name: `Save review of ${full}` }).click();
    await expect(page.getByLabel(`Decision for ${full}`)).toHaveValue(
      decision === "Shortlist" ? "shortlisted" : "declined",
    );
  }
  await expect(page.getByLabel(`Notes on Ann ${tag}`)).toHaveValue("Strong opener");

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

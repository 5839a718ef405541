/**
 * Ticket-verified votes (issue 41, item 4): a round that checks tickets marks each vote as a
 * ticket holder's or unverified when it is cast (the vote's canonical e-mail against the keyed
 * hashes of that performance's holders), counts the holders only ("require") or every vote
 * ("prefer"), says which on the host's page and the projector, and tells the voter which
 * happened to their own vote.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { comedians, contestantApplications, outbox, ticketHolders, votes } from "~/db/schema";
import { receiptTicketText, ticketCountText, ticketVerdictMail } from "~/lib/ticket-votes";
import { openRoundSchema, shortlistRoundSchema } from "~/lib/vote-schema";
import { openRoundFromShortlist } from "~/models/application-review.server";
import { applyHostCommand, roundDisplay } from "~/models/round-control.server";
import { getRound, openRound } from "~/models/rounds.server";
import { upsertStaff } from "~/models/staff.server";
import { storeAttendees } from "~/models/ticket-holders.server";
import { castVote, receiptFor, roundStandings } from "~/models/votes.server";
import { ticketHolderHash } from "~/utils/ticket-holder-hash.server";
import { createTestDb, createTestDbWithStaff } from "../../support/db";
import { insertShow } from "../../support/shows";

const SHOW_DATE = "2026-12-05";

async function setup(ticketCheck: "off" | "prefer" | "require") {
  const db = createTestDb();
  const staff = await upsertStaff("host", "a-long-test-password", db);
  const show = insertShow(db, { title: "Contest Night", date: SHOW_DATE, time: "20:00" });
  const [ada, bo] = ["Ada", "Bo"].map(
    (name) => db.insert(comedians).values({ name, slug: name.toLowerCase() }).returning().get().id,
  );
  const round = openRound(
    {
      title: "Final",
      eventId: show.id,
      eventDate: SHOW_DATE,
      comedianIds: [ada, bo],
      opensAt: new Date(Date.now() - 1000),
      roomSeats: null,
      ticketCheck,
    },
    { id: staff.id, username: staff.username },
    db,
  );
  // Robin bought a ticket for this date (stored as the attendees' read keeps it: a keyed hash);
  // Sam bought one for another date of the show.
  const holder = (email: string, date: string, attendeeId: string) =>
    db
      .insert(ticketHolders)
      .values({
        eventId: show.id,
        date,
        attendeeId,
        orderId: "o1",
        emailHash: ticketHolderHash(email),
        checkedIn: false,
      })
      .run();
  holder("Robin.Fan@gmail.com", SHOW_DATE, "a1");
  holder("sam@example.com", "2026-12-12", "a2");
  let n = 0;
  const vote = (email: string, comedianId: number) =>
    castVote(
      {
        roundId: round.id,
        comedianId,
        email,
        emailKey: email.toLowerCase(),
        voteToken: `ticket-vote-token-${String(++n).padStart(4, "0")}`,
        ipAddress: "10.0.0.1",
        deviceId: `device-${n}`,
      },
      db,
    );
  return { db, round, ada, bo, vote, who: { id: staff.id, username: staff.username } };
}

const verifiedOf = (db: ReturnType<typeof createTestDb>) =>
  db
    .select({ email: votes.email, verified: votes.ticketVerified })
    .from(votes)
    .all()
    .map((v) => [v.email, v.verified]);

describe("a round that requires a ticket", () => {
  it("marks each vote at cast time: the holder's e-mail in another spelling is verified; another date's holder is not", async () => {
    const { db, ada, bo, vote } = await setup("require");
    expect(vote("robinfan+contest@gmail.com", ada).status).toBe("recorded");
    expect(vote("sam@example.com", bo).status).toBe("recorded");
    expect(vote("walk.in@example.com", bo).status).toBe("recorded");
    expect(verifiedOf(db)).toEqual([
      ["robinfan+contest@gmail.com", true],
      ["sam@example.com", false],
      ["walk.in@example.com", false],
    ]);
  });

  it("counts the ticket holders only; the host counts the unverified too, and back; the page and projector say which", async () => {
    const { db, round, ada, bo, vote, who } = await setup("require");
    vote("robin.fan@gmail.com", ada);
    vote("walk.in@example.com", bo);
    vote("another.walk.in@example.com", bo);
    const counted = () => roundStandings(round.id, db).rows.map((r) => [r.name, r.votes] as [string, number]);
    expect(counted()).toEqual([
      ["Ada", 1],
      ["Bo", 0],
    ]);
    let display = roundDisplay(getRound(round.id, db)!, new Date(), db);
    expect(display.tickets).toEqual({ rule: "require", verified: 1, unverified: 2 });
    expect(ticketCountText(display.tickets!)).toBe(
      "Counted: ticket holders only (1 vote). Not counted: 2 votes unverified.",
    );

    expect(
      applyHostCommand(round.id, { intent: "tickets", rule: "prefer" }, who, new Date(), db),
    ).toMatchObject({
      ok: true,
    });
    expect(counted()).toEqual([
      ["Bo", 2],
      ["Ada", 1],
    ]);
    display = roundDisplay(getRound(round.id, db)!, new Date(), db);
    expect(ticketCountText(display.tickets!)).toBe(
      "Counted: every vote: 1 vote from ticket holders and 2 votes unverified.",
    );
    applyHostCommand(round.id, { intent: "tickets", rule: "require" }, who, new Date(), db);
    expect(counted()[0]).toEqual(["Ada", 1]);
  });

  it("a voided vote is in neither bucket", async () => {
    const { db, round, ada, bo, vote } = await setup("require");
    vote("robin.fan@gmail.com", ada);
    vote("walk.in@example.com", bo);
    db.update(votes).set({ voidedAt: new Date() }).where(eq(votes.email, "robin.fan@gmail.com")).run();
    expect(roundDisplay(getRound(round.id, db)!, new Date(), db).tickets).toEqual({
      rule: "require",
      verified: 0,
      unverified: 1,
    });
    expect(roundStandings(round.id, db).total).toBe(0);
  });

  it("the screen says the same to a holder and a walk-in; each learns which by a mail to the address typed, written with the vote", async () => {
    const { db, round, ada, vote } = await setup("require");
    vote("Robin.Fan@gmail.com", ada);
    vote("walk.in@example.com", ada);
    const receipt = (device: string) => receiptFor(round.id, { deviceId: device }, db)!;
    // Nothing on the receipt depends on the ticket: only the e-mail typed and when differ.
    const { email: _a, createdAt: _b, ...holderReceipt } = receipt("device-1");
    const { email: _c, createdAt: _d, ...walkInReceipt } = receipt("device-2");
    expect(holderReceipt).toEqual(walkInReceipt);
    expect(holderReceipt).not.toHaveProperty("ticketVerified");
    const mails = db
      .select({ kind: outbox.kind, to: outbox.toAddress, subject: outbox.subject, refId: outbox.refId })
      .from(outbox)
      .all();
    const ids = db
      .select({ id: votes.id })
      .from(votes)
      .all()
      .map((v) => v.id);
    expect(mails).toEqual([
      {
        kind: "vote-ticket",
        to: "Robin.Fan@gmail.com",
        subject: "Your vote at Contest Night counts as a ticket holder's",
        refId: ids[0],
      },
      {
        kind: "vote-ticket",
        to: "walk.in@example.com",
        subject: "Your vote at Contest Night is with the unverified votes",
        refId: ids[1],
      },
    ]);
    // A retry of the same vote (same token, same device) is answered without a second mail.
    expect(
      castVote(
        {
          roundId: round.id,
          comedianId: ada,
          email: "walk.in@example.com",
          emailKey: "walk.in@example.com",
          voteToken: "ticket-vote-token-0002",
          ipAddress: "10.0.0.1",
          deviceId: "device-2",
        },
        db,
      ).status,
    ).toBe("repeat");
    expect(db.select().from(outbox).all()).toHaveLength(2);
  });

  it("once the reveal has started the count stays as it is", async () => {
    const { db, round, ada, vote, who } = await setup("require");
    vote("robin.fan@gmail.com", ada);
    expect(applyHostCommand(round.id, { intent: "close-and-reveal" }, who, new Date(), db)).toMatchObject({
      ok: true,
    });
    expect(applyHostCommand(round.id, { intent: "tickets", rule: "prefer" }, who, new Date(), db)).toEqual({
      ok: false,
      error: "The reveal has started: the count stays as it is.",
    });
  });
});

describe("a round without a ticket check", () => {
  it("counts every vote as before and marks none", async () => {
    const { db, round, ada, vote } = await setup("off");
    vote("walk.in@example.com", ada);
    expect(verifiedOf(db)).toEqual([["walk.in@example.com", null]]);
    expect(roundStandings(round.id, db).total).toBe(1);
    expect(roundDisplay(getRound(round.id, db)!, new Date(), db).tickets).toBeNull();
    expect(receiptFor(round.id, { deviceId: "device-1" }, db)).toMatchObject({ ticketCheck: "off" });
    expect(receiptTicketText("off")).toBeNull();
    // No check, no verdict: no mail.
    expect(db.select().from(outbox).all()).toEqual([]);
  });

  it("the host turns the check on after votes came in: every vote is marked and each voter mailed their verdict", async () => {
    const { db, round, ada, bo, vote, who } = await setup("off");
    vote("robin.fan@gmail.com", ada);
    vote("walk.in@example.com", bo);
    db.update(votes).set({ voidedAt: new Date() }).where(eq(votes.email, "walk.in@example.com")).run();
    vote("another.walk.in@example.com", bo);
    expect(
      applyHostCommand(round.id, { intent: "tickets", rule: "require" }, who, new Date(), db),
    ).toMatchObject({
      ok: true,
    });
    expect(verifiedOf(db)).toEqual([
      ["robin.fan@gmail.com", true],
      ["walk.in@example.com", false],
      ["another.walk.in@example.com", false],
    ]);
    expect(roundStandings(round.id, db).rows.map((r) => [r.name, r.votes])).toEqual([
      ["Ada", 1],
      ["Bo", 0],
    ]);
    // The voided vote is marked but its address is not mailed.
    expect(
      db.select({ to: outbox.toAddress, subject: outbox.subject, body: outbox.body }).from(outbox).all(),
    ).toEqual([
      expect.objectContaining({
        to: "robin.fan@gmail.com",
        subject: "Your vote at Contest Night counts as a ticket holder's",
        body: expect.stringMatching(
          /^The host of Contest Night on Saturday, December 5, 2026 has turned on the ticket check/,
        ),
      }),
      expect.objectContaining({
        to: "another.walk.in@example.com",
        subject: "Your vote at Contest Night is with the unverified votes",
      }),
    ]);
    // A vote cast after is marked when cast, as in any checked round.
    vote("sam@example.com", ada);
    expect(verifiedOf(db).at(-1)).toEqual(["sam@example.com", false]);
  });

  it("the check cannot be turned on once the reveal has started, nor for a round without a show's date", async () => {
    const { db, round, ada, vote, who } = await setup("off");
    vote("robin.fan@gmail.com", ada);
    applyHostCommand(round.id, { intent: "close-and-reveal" }, who, new Date(), db);
    expect(applyHostCommand(round.id, { intent: "tickets", rule: "require" }, who, new Date(), db)).toEqual({
      ok: false,
      error: "The reveal has started: the count stays as it is.",
    });
    expect(verifiedOf(db)).toEqual([["robin.fan@gmail.com", null]]);
    const loose = openRound(
      {
        title: "No show",
        eventId: null,
        eventDate: null,
        comedianIds: [ada],
        opensAt: new Date(),
        roomSeats: null,
        ticketCheck: "off",
      },
      who,
      db,
    );
    expect(applyHostCommand(loose.id, { intent: "tickets", rule: "prefer" }, who, new Date(), db)).toEqual({
      ok: false,
      error: "This round is not for a show's date: there are no tickets to check.",
    });
    expect(db.select().from(outbox).all()).toEqual([]);
  });

  it("staff's form opens a round without a check unless they choose one", () => {
    const base = { show: `1:${SHOW_DATE}`, title: "Final", comedianIds: ["1"] };
    expect(openRoundSchema.parse(base).ticketCheck).toBe("off");
    expect(openRoundSchema.parse({ ...base, ticketCheck: "require" }).ticketCheck).toBe("require");
    expect(openRoundSchema.safeParse({ ...base, ticketCheck: "maybe" }).success).toBe(false);
  });
});

describe("re-checking the unverified votes when the ticket holders are read again", () => {
  const read = (db: ReturnType<typeof createTestDb>, eventId: number, emails: string[]) =>
    storeAttendees(
      {
        eventId,
        date: SHOW_DATE,
        holders: emails.map((email, i) => ({
          attendeeId: `re-${i}`,
          orderId: `re-order-${i}`,
          emailHash: ticketHolderHash(email),
          checkedIn: false,
          affiliate: null,
        })),
        affiliates: [],
      },
      db,
    );

  it("a walk-in who bought a ticket after voting becomes a ticket holder, told by mail; the others stay as they were", async () => {
    const { db, round, ada, bo, vote } = await setup("require");
    vote("robin.fan@gmail.com", ada);
    vote("late.buyer@example.com", bo);
    vote("walk.in@example.com", bo);
    db.delete(outbox).run();
    // Robin's ticket was refunded meanwhile: a verified vote stays verified.
    expect(read(db, round.eventId!, ["Late.Buyer@example.com"])).toEqual([round.id]);
    expect(verifiedOf(db)).toEqual([
      ["robin.fan@gmail.com", true],
      ["late.buyer@example.com", true],
      ["walk.in@example.com", false],
    ]);
    expect(db.select({ to: outbox.toAddress, subject: outbox.subject }).from(outbox).all()).toEqual([
      { to: "late.buyer@example.com", subject: "Your vote at Contest Night now counts as a ticket holder's" },
    ]);
    expect(roundStandings(round.id, db).rows.map((r) => [r.name, r.votes])).toEqual([
      ["Ada", 1],
      ["Bo", 1],
    ]);
    // The same read again changes nothing and mails nobody twice.
    expect(read(db, round.eventId!, ["late.buyer@example.com"])).toEqual([]);
    expect(db.select().from(outbox).all()).toHaveLength(1);
  });

  it("frozen once the reveal has started", async () => {
    const { db, round, bo, vote, who } = await setup("require");
    vote("late.buyer@example.com", bo);
    applyHostCommand(round.id, { intent: "close-and-reveal" }, who, new Date(), db);
    expect(read(db, round.eventId!, ["late.buyer@example.com"])).toEqual([]);
    expect(verifiedOf(db)).toEqual([["late.buyer@example.com", false]]);
  });
});

describe("a round that prefers ticket holders", () => {
  it("counts every vote and shows the holders' apart", async () => {
    const { db, round, ada, bo, vote } = await setup("prefer");
    vote("robin.fan@gmail.com", ada);
    vote("walk.in@example.com", bo);
    expect(roundStandings(round.id, db).total).toBe(2);
    expect(roundDisplay(getRound(round.id, db)!, new Date(), db).tickets).toEqual({
      rule: "prefer",
      verified: 1,
      unverified: 1,
    });
  });
});

describe("a round opened from the application review's shortlist", () => {
  it("checks tickets when staff choose it there too (the contest's own rounds)", () => {
    const { db, staff } = createTestDbWithStaff();
    const show = insertShow(db, { title: "2 Minutes to Kill", date: SHOW_DATE, time: "20:00" });
    db.insert(contestantApplications)
      .values({
        eventId: show.id,
        fullName: "Ann",
        email: "ann@example.com",
        mobileNumber: "5195550100",
        isOver19: true,
        canAttendEvent: true,
        acceptsTerms: true,
        funBio: "",
        reviewStatus: "shortlisted",
      })
      .run();
    expect(shortlistRoundSchema.parse({}).ticketCheck).toBe("off");
    const { ticketCheck } = shortlistRoundSchema.parse({ ticketCheck: "require" });
    const opened = openRoundFromShortlist(
      show.id,
      staff,
      { opensAt: new Date(), roomSeats: null, ticketCheck },
      db,
    );
    if (!("roundId" in opened)) throw new Error(opened.error);
    expect(getRound(opened.roundId, db)).toMatchObject({ ticketCheck: "require", eventDate: SHOW_DATE });
  });
});

describe("what the voter is told", () => {
  it("on screen: the round's rule and that the vote is recorded, nothing about their ticket", () => {
    expect(receiptTicketText("require")).toBe(
      "Tonight's vote counts the votes of ticket holders (an e-mail address on a ticket for this show); the others are kept apart as unverified. Your vote is recorded either way. We have e-mailed the address you gave to say whether it is on a ticket.",
    );
    expect(receiptTicketText("prefer")).toMatch(
      /^Tonight's vote counts every vote; the votes of ticket holders/,
    );
    expect(receiptTicketText("off")).toBeNull();
  });

  const base = {
    show: "2 Minutes to Kill",
    date: "2026-12-05",
    email: "robin@example.com",
    site: "Laugh Windsor",
  } as const;

  it("by mail: a holder's vote counts as a ticket holder's, under either rule", () => {
    for (const rule of ["require", "prefer"] as const) {
      const mail = ticketVerdictMail({ ...base, cause: "cast", rule, verified: true })!;
      expect(mail.subject).toBe("Your vote at 2 Minutes to Kill counts as a ticket holder's");
      expect(mail.text).toContain(
        "robin@example.com is on a ticket for 2 Minutes to Kill on Saturday, December 5, 2026, so your vote counts as a ticket holder's.",
      );
      expect(mail.text).toContain("If you did not vote at 2 Minutes to Kill, someone typed your address");
    }
  });

  it("by mail: an unverified vote says why, what the host counts now, and what to do", () => {
    const required = ticketVerdictMail({ ...base, cause: "cast", rule: "require", verified: false })!;
    expect(required.subject).toBe("Your vote at 2 Minutes to Kill is with the unverified votes");
    expect(required.text).toContain(
      "robin@example.com is not on a ticket for 2 Minutes to Kill on Saturday, December 5, 2026 as far as Eventbrite has told us",
    );
    expect(required.text).toContain("The host is counting ticket holders' votes only right now");
    expect(required.text).toContain("If you bought your ticket in the last few minutes: nothing.");
    expect(required.text).toContain("If your ticket was bought with another address");
    const preferred = ticketVerdictMail({ ...base, cause: "cast", rule: "prefer", verified: false })!;
    expect(preferred.text).toContain("The host is counting every vote right now, unverified ones too");
  });

  it("by mail: the check turned on after the vote, and a re-check that found the ticket, say so", () => {
    const on = ticketVerdictMail({ ...base, cause: "check-on", rule: "require", verified: false })!;
    expect(on.text).toMatch(
      /^The host of 2 Minutes to Kill on Saturday, December 5, 2026 has turned on the ticket check/,
    );
    const found = ticketVerdictMail({ ...base, cause: "recheck", rule: "require", verified: true })!;
    expect(found.subject).toBe("Your vote at 2 Minutes to Kill now counts as a ticket holder's");
    expect(found.text).toMatch(/^Eventbrite now lists a ticket for 2 Minutes to Kill/);
    expect(
      ticketVerdictMail({ ...base, date: null, cause: "cast", rule: "require", verified: true })!.text,
    ).toMatch(/^robin@example.com is on a ticket for 2 Minutes to Kill, so/);
  });

  it("no check, no mail", () => {
    expect(ticketVerdictMail({ ...base, cause: "cast", rule: "off", verified: false })).toBeNull();
  });
});
